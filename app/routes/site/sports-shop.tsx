import { pageMeta } from "../../components/meta";
import { SportsShopPage } from "../../components/site/sports-shop-page";
import { splitLocale } from "../../domain/i18n";
import { readShopFilter } from "../../domain/shop-filter";
import { listSportsShop } from "../../server/catalog/offer.server";
import type { Route } from "./+types/sports-shop";
import type { PageHandle } from "./layout";

/** Links only: not hydrated (decision 032). */
export const handle: PageHandle = { static: true };

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { wanted, refused } = readShopFilter(url.searchParams);
  return listSportsShop(splitLocale(url.pathname).locale, wanted, refused);
}

// The filtered views share the page's canonical URL (the root's, without the query): one page to index.
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "sportsShop");

export default function Page({ loaderData }: Route.ComponentProps) {
  return <SportsShopPage view={loaderData} />;
}
