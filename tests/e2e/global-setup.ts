import type { TestProject } from "vitest/node";
import { type ShopProcess, startShopProcess } from "../helpers/server-process";

let shop: ShopProcess | undefined;

/** One shop process for the whole browser suite, on PGlite with the demo data. */
export async function setup(project: TestProject) {
  shop = await startShopProcess();
  project.provide("baseUrl", shop.url);
}

export async function teardown() {
  await shop?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
