-- Issue #16: room on each page of devices for the new version of a row, so that a poll's update (HOT since 0018:
-- it changes no indexed column) finds space on the row's own page, as HOT requires. At 100 % a page filled by
-- inserts has none, and a row's first updates after its page filled go to another page and into every index.
-- Pages written from now on keep 10 % free; pages already full gain room as their dead versions are pruned.
ALTER TABLE "devices" SET (fillfactor = 90);
