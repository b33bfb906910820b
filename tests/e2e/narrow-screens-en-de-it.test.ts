/** Issue 17, point 3, in English, German and Italian: tests/e2e/narrow-screens.ts. */
import { checkNarrowScreens } from "./narrow-screens";

checkNarrowScreens(["en", "de", "it"]);
