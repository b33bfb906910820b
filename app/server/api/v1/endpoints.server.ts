/**
 * Every endpoint of /api/v1 (issue 21, decision 049), by resource. Each calls the services the pages call:
 * the catalogue from memory (decision 035), availability and quotes from the booking core, holds from
 * `holdOrder`, orders through the one order view, cancellation with the back office's rules.
 */
import { AVAILABILITY_ENDPOINTS } from "./availability.server";
import { CATALOG_ENDPOINTS } from "./catalog.server";
import { ORDER_ENDPOINTS } from "./orders.server";

export const API_ENDPOINTS = [...CATALOG_ENDPOINTS, ...AVAILABILITY_ENDPOINTS, ...ORDER_ENDPOINTS];
