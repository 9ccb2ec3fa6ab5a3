-- Issue #39 item 8: booking and cancelling a watched face 8 times sent its watcher 8 alerts and 8 e-mails.
-- A watch now remembers when its watcher was last told (apps/api/src/services/watches/deliver-alerts.ts):
-- at most one alert per WATCH_ALERT_MINUTES, claimed by an UPDATE of this column, so every instance
-- honours the same window. Null: never told yet. The journal's stamp follows 0023's, which is ahead of the clock.
ALTER TABLE "place_watches" ADD COLUMN "last_alerted_at" timestamp with time zone;
