/**
 * The user agents every test and benchmark sends: a person's browser. Headless Chromium names itself
 * "HeadlessChrome", which the shop takes for a bot (it then streams nothing until the whole page is ready and
 * renders no error page), so no test request may go out with it or with none.
 */
export const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
export const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36";
