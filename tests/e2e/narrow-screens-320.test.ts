/** Issue 17, point 3, on a phone 320 px wide: tests/e2e/narrow-screens.ts. */
import { checkNarrowScreens } from "./narrow-screens";

checkNarrowScreens([320]);
