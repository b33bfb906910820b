/**
 * Contact sheets of the demo pictures, to look at the art the way a customer sees it: every subject
 * rendered with sharp at card width, six to a row. `npm run art:sheet [out-dir] [width]` writes
 * items.png, categories.png and scenes.png (default /tmp/art-sheet, 320 px; 160 px shows phone cards).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { type ArtSubject, demoArt } from "../app/demo/art/index";
import { demoArtSubjects } from "../app/demo/art/subjects";

const out = process.argv[2] ?? "/tmp/art-sheet";
const width = Number(process.argv[3] ?? 320);
const perRow = 6;
const gap = 8;
mkdirSync(out, { recursive: true });

async function sheet(name: string, subjects: ArtSubject[]) {
  const tiles = await Promise.all(
    subjects.map(async (subject) => {
      const { svg, width: w, height: h } = demoArt(subject);
      const height = Math.round((width * h) / w);
      return { input: await sharp(Buffer.from(svg)).resize(width, height).png().toBuffer(), height };
    }),
  );
  const tileHeight = Math.max(...tiles.map((t) => t.height));
  const rows = Math.ceil(tiles.length / perRow);
  const file = path.join(out, `${name}.png`);
  await sharp({
    create: { width: perRow * (width + gap) + gap, height: rows * (tileHeight + gap) + gap, channels: 3, background: "#ffffff" },
  })
    .composite(
      tiles.map((t, i) => ({
        input: t.input,
        left: gap + (i % perRow) * (width + gap),
        top: gap + Math.floor(i / perRow) * (tileHeight + gap),
      })),
    )
    .png()
    .toFile(file);
  console.log(`${file}: ${subjects.length} pictures`);
}

const all = demoArtSubjects();
await sheet(
  "items",
  all.filter((s) => s.type === "item"),
);
await sheet(
  "categories",
  all.filter((s) => s.type === "category"),
);
await sheet(
  "scenes",
  all.filter((s) => s.type !== "item" && s.type !== "category"),
);
