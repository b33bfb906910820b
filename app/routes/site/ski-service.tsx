import { pageMeta } from "../../components/meta";
import { OfferPage } from "../../components/site/offer-page";
import { splitLocale } from "../../domain/i18n";
import { offerPage } from "../../server/catalog/offer.server";
import type { Route } from "./+types/ski-service";
import type { PageHandle } from "./layout";

/** Links only: not hydrated (decision 032). */
export const handle: PageHandle = { static: true };

export const loader = ({ request }: Route.LoaderArgs) => offerPage("service", splitLocale(new URL(request.url).pathname).locale);

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "skiService");

export default function Page({ loaderData }: Route.ComponentProps) {
  return <OfferPage kind="service" {...loaderData} />;
}
