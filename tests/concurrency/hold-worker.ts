/**
 * A second process for the concurrency test: opens its own pool on the test database, waits for "go" on
 * stdin, fires HOLDS parallel holds for ITEM_ID at SHOP_ID and prints one JSON line with the outcomes.
 */
import { createInterface } from "node:readline";
import { holdOrder } from "../../app/server/booking/holds.server";
import { openDatabase, setDatabase } from "../../app/server/db/client.server";
import { holdRequest, rentalLine } from "../helpers/booking";

const url = process.env.DATABASE_URL;
const shopId = Number(process.env.SHOP_ID);
const itemId = Number(process.env.ITEM_ID);
const holds = Number(process.env.HOLDS);
if (!url || !shopId || !itemId || !holds) throw new Error("DATABASE_URL, SHOP_ID, ITEM_ID and HOLDS are required");

// Connections are shared with the other test files running beside this one (PostgreSQL allows 100 in all).
const connections = Math.min(holds, 20);
const database = await openDatabase({ url, poolSize: connections + 2 });
setDatabase(database);
// Warm the pool so the parallel holds start together rather than one connection at a time.
await Promise.all(Array.from({ length: connections }, () => database.ping()));
console.log(JSON.stringify({ ready: true }));

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim() !== "go") continue;
  const results = await Promise.allSettled(Array.from({ length: holds }, () => holdOrder(holdRequest(shopId, [rentalLine(itemId)]))));
  const summary = { held: 0, unavailable: 0, other: [] as string[] };
  for (const result of results) {
    if (result.status === "rejected") summary.other.push(String(result.reason));
    else if (result.value.ok) summary.held += 1;
    else if (result.value.reason === "unavailable") summary.unavailable += 1;
    else summary.other.push(JSON.stringify(result.value));
  }
  console.log(JSON.stringify(summary));
  break;
}
lines.close();
await database.close();
