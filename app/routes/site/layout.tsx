import { Outlet, useLocation, useMatches } from "react-router";
import { SiteFrame } from "../../components/site-frame";

export type PageHandle = { transition?: "translate" };

/** The default layout of every public page; pages whose handle asks for it enter with a translate transition. */
export default function SiteLayout() {
  const location = useLocation();
  const matches = useMatches();
  const transition = matches.some((m) => (m.handle as PageHandle | undefined)?.transition === "translate");
  return (
    <SiteFrame>
      <div key={location.pathname} className={transition ? "transition-translate" : undefined}>
        <Outlet />
      </div>
    </SiteFrame>
  );
}
