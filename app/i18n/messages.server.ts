import type { Locale } from "../domain/i18n";
import type { Messages } from "./i18n";
import be from "./lang/be.json";
import da from "./lang/da.json";
import de from "./lang/de.json";
import en from "./lang/en.json";
import it from "./lang/it.json";
import nl from "./lang/nl.json";

/** All six languages' messages; server only, so the browser bundle carries none of them. */
export const messages: Record<Locale, Messages> = { en, de, it, nl, be, da };
