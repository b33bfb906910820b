/** Issue 17, point 3, in Dutch, Belgian Dutch and Danish: tests/e2e/narrow-screens.ts. */
import { checkNarrowScreens } from "./narrow-screens";

checkNarrowScreens(["nl", "be", "da"]);
