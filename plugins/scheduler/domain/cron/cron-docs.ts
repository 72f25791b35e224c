// User-facing reference for the cron dialect and its DST policy, shown by the CLI and API docs.

export const CRON_DOCS = `Cron expressions: five fields, "minute hour day-of-month month day-of-week".
  minute 0-59, hour 0-23, day-of-month 1-31, month 1-12 or jan-dec, day-of-week 0-7 or sun-sat
  (0 and 7 are both Sunday; names in any case).
  Each field is a comma list of: *, a value, a range a-b, and any of those with a step:
  */15, 1-30/5, 5/10 (= 5 to the field's end, every 10).
  Macros: @yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly.
  Refused: @reboot, a seconds field, L W # ? H, out-of-range values, reversed ranges, zero steps,
  empty list items, and day-of-month values that cannot occur in the chosen months (e.g. "0 0 30 2 *").

Day matching (Vixie cron): if day-of-month or day-of-week starts with "*" (so "*/2" too), a day must
  match both fields; if both are restricted, a day matching either one fires.
  "0 0 1,15 * 5" = the 1st, the 15th and every Friday; "0 0 */2 * 1" = odd days that are Mondays.

Time zones: every schedule runs in an IANA zone (default UTC) and matches its local wall clock.
  A schedule is "fixed" when its hour field does not start with "*" (e.g. "30 2 * * *", "0 9-17 * * 1-5",
  "0 0-23/2 * * *"); "*" and "*/n" hours are not fixed.
  Fixed schedules: a wall time skipped by a spring-forward gap fires once, at the first instant after
  the gap (Europe/Berlin 2026-03-29 02:30 fires at 03:00 local = 01:00Z); a wall time repeated by a
  fall-back fires once, at its first occurrence.
  Other schedules follow elapsed real time: they fire at every instant whose wall time matches, so in a
  repeated hour both occurrences fire, and nothing fires for wall times that were skipped.`;
