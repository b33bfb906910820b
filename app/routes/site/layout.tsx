import { Outlet, useLocation, useMatches } from "react-router";
import { SiteFrame } from "../../components/site-frame";
import { Static } from "../../components/static";

export type PageHandle = {
  transition?: "translate";
  /** The page has nothing to interact with but links: it is not hydrated (`Static`, decision 032). */
  static?: true;
  /**
   * The page works as HTML until its code runs, which waits for the visitor's first move (decision 033); a
   * `static` page always does. The dates step, whose calendar is a form (decision 034).
   */
  runsOnFirstUse?: true;
};

/** The default layout of every public page; pages whose handle asks for it enter with a translate transition. */
export default function SiteLayout() {
  const location = useLocation();
  const matches = useMatches();
  const handles = matches.map((m) => m.handle as PageHandle | undefined);
  const transition = handles.some((h) => h?.transition === "translate");
  const page = matches[matches.length - 1];
  return (
    <SiteFrame>
      <div key={location.pathname} className={transition ? "transition-translate" : undefined}>
        {page?.handle && (page.handle as PageHandle).static ? (
          // The page's data and the root's (the season, the consent, the origin some pages show).
          <Static data={[page.loaderData, matches[0]?.loaderData]}>
            <Outlet />
          </Static>
        ) : (
          <Outlet />
        )}
      </div>
    </SiteFrame>
  );
}
