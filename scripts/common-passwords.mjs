// Writes app/domain/common-passwords.json: the 3,000 most common passwords, in rank order, taken from the
// ranked `passwords` dictionary of the npm package @zxcvbn-ts/language-common (MIT; compiled from leaked
// password lists by frequency). The package is fetched with `npm pack` into a temporary folder, so it is
// not a dependency of the shop. Run again (`node scripts/common-passwords.mjs [version]`) to refresh the
// list; see docs/decisions/016-accounts.md.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const VERSION = process.argv[2] ?? "4.1.3";
const COUNT = 3000;
const target = new URL("../app/domain/common-passwords.json", import.meta.url).pathname;

const dir = mkdtempSync(join(tmpdir(), "common-passwords-"));
try {
  const tarball = execFileSync("npm", ["pack", `@zxcvbn-ts/language-common@${VERSION}`, "--silent", "--pack-destination", dir], {
    encoding: "utf8",
  })
    .trim()
    .split("\n")
    .at(-1);
  execFileSync("tar", ["xzf", join(dir, tarball), "-C", dir, "package/src/passwords.json"]);
  const ranked = JSON.parse(readFileSync(join(dir, "package/src/passwords.json"), "utf8"));
  if (!Array.isArray(ranked) || ranked.length < COUNT || ranked[0] !== "123456") throw new Error("unexpected dictionary format");
  const top = ranked.slice(0, COUNT).map(String);
  writeFileSync(target, `${JSON.stringify(top, null, 2)}\n`);
  console.log(`${top.length} passwords from @zxcvbn-ts/language-common@${VERSION} -> ${target}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
