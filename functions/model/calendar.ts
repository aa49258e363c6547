/**
 * The stage's response calendar: America/Chicago and the holidays of the stage config
 * (infra/stages.ts responseHolidays), which reach the functions as RESPONSE_HOLIDAYS (its form is
 * checked with the rest of the environment, functions/lib/env.ts).
 */
import { once, optionalEnv } from "../lib/env";
import { type BusinessCalendar, businessCalendar } from "./response-clock";

/**
 * The stage's calendar, one object for the life of the instance: the response clock keeps the
 * local days it worked out per calendar object, so a warm function reuses them. Unset: no holidays.
 */
export const stageCalendar: () => BusinessCalendar = once(() =>
  businessCalendar(optionalEnv("RESPONSE_HOLIDAYS") ?? []),
);
