import { pageMeta } from "../../components/meta";
import { OfferPage } from "../../components/site/offer-page";
import { Picture } from "../../components/site/picture";
import { splitLocale } from "../../domain/i18n";
import { mainImage } from "../../domain/pictures";
import { getOfferPictures } from "../../server/catalog/catalog.server";
import { listOffer } from "../../server/catalog/offer.server";
import type { Route } from "./+types/ski-service";
import type { PageHandle } from "./layout";

/** Links only: not hydrated (decision 032). */
export const handle: PageHandle = { static: true };

export async function loader({ request }: Route.LoaderArgs) {
  const [offer, pictures] = await Promise.all([
    listOffer("service", splitLocale(new URL(request.url).pathname).locale),
    getOfferPictures(),
  ]);
  return { ...offer, pictures: pictures.service };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "skiService");

export default function Page({ loaderData }: Route.ComponentProps) {
  const { pictures, ...offer } = loaderData;
  const image = mainImage("offers", { id: "service", pictures }, "(min-width: 1152px) 1120px, 100vw");
  return (
    <>
      {/* The page's title is right below: the banner is decorative (decision 031), and the largest element. */}
      {image && (
        <div className="mx-auto max-w-6xl px-4 pt-6">
          <Picture image={image} alt="" priority className="aspect-[32/9] h-auto w-full rounded-2xl bg-slate-100 object-cover" />
        </div>
      )}
      <OfferPage kind="service" {...offer} />
    </>
  );
}
