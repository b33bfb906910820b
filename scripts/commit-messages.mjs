/**
 * The commit-message rule of the house (README, "Contributing"), run by `npm run validate`: a subject of at
 * most 72 characters saying what changed, a blank line, then a body saying why. Commits from issue 34 on are
 * held to it; the history before (one-line subjects of up to 400 characters) stays as it was written.
 *
 * CI clones with the full history. A shallow clone may not reach the first checked commit: then the commits
 * it has that are younger than that commit are checked, and the output says the history was cut short.
 * Outside a git checkout (an unpacked archive) there is nothing to check.
 */
import { execFileSync } from "node:child_process";

/** Issue 34's first commit: the rule applies to the commits after it. */
const SINCE = { hash: "ccd1362fe2362503feafe85182f709a373391848", committedAt: 1795848279 };
export const SUBJECT_MAX = 72;
/**
 * Commits that broke the rule and were shared before anyone noticed: history is not rewritten, so each is
 * named here (full hash) with a word on why it stays.
 */
const ACCEPTED = new Map([]);

const git = (...args) => execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const FIELD = "\x1f";
const RECORD = "\x1e";

/** What is wrong with one message (git's %s: the first paragraph on one line; %b: the rest), or nothing. */
export function problems(subject, body) {
  const found = [];
  if (subject.trim() === "") found.push("no subject");
  if (subject.length > SUBJECT_MAX) found.push(`subject is ${subject.length} characters (at most ${SUBJECT_MAX})`);
  if (body.trim() === "") found.push("no body: a blank line after the subject, then why");
  return found;
}

function commitsToCheck() {
  try {
    if (git("rev-parse", "--is-inside-work-tree").trim() !== "true") return null;
  } catch {
    return null;
  }
  const known = (() => {
    try {
      git("cat-file", "-e", `${SINCE.hash}^{commit}`);
      return true;
    } catch {
      return false;
    }
  })();
  // Merge commits are written by the tools that make them, not by a person.
  const range = known ? `${SINCE.hash}..HEAD` : "HEAD";
  const log = git("log", "--no-merges", `--format=%H${FIELD}%ct${FIELD}%s${FIELD}%b${RECORD}`, range);
  const commits = log
    .split(RECORD)
    .map((record) => record.replace(/^\n/, ""))
    .filter((record) => record !== "")
    .map((record) => {
      const [hash, committedAt, subject, body] = record.split(FIELD);
      return { hash, committedAt: Number(committedAt), subject, body };
    })
    .filter((commit) => (known || commit.committedAt > SINCE.committedAt) && !ACCEPTED.has(commit.hash));
  const shallow = git("rev-parse", "--is-shallow-repository").trim() === "true";
  return { commits, cutShort: !known && shallow, missing: !known && !shallow };
}

function main() {
  const found = commitsToCheck();
  if (found === null) {
    console.log("commit messages: not a git checkout, nothing to check");
    return;
  }
  if (found.missing) {
    console.error(`commit messages: ${SINCE.hash.slice(0, 7)} is not in this history; checked the commits after its date`);
  }
  const bad = found.commits.flatMap(({ hash, subject, body }) => {
    const wrong = problems(subject, body);
    return wrong.length === 0 ? [] : [`  ${hash.slice(0, 7)} ${JSON.stringify(subject.slice(0, 80))}: ${wrong.join("; ")}`];
  });
  const scope = found.cutShort ? " (shallow clone: only the commits it holds)" : "";
  if (bad.length > 0) {
    console.error(
      `commit messages: ${bad.length} of ${found.commits.length} commits break the rule${scope} (subject at most ${SUBJECT_MAX} characters, blank line, body):`,
    );
    console.error(bad.join("\n"));
    console.error("Reword a commit not yet shared (git commit --amend); a shared one goes into ACCEPTED in scripts/commit-messages.mjs.");
    process.exitCode = 1;
    return;
  }
  console.log(`commit messages: ${found.commits.length} commits since ${SINCE.hash.slice(0, 7)} read well${scope}`);
}

main();
