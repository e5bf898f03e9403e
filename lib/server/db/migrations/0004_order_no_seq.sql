-- Order numbers (SO-<year>-<nnnnnn>) come from this sequence, so concurrent orders never get the same number and no
-- transaction has to lock the orders table to find max + 1. The demo seed uses numbers below 5000.
CREATE SEQUENCE IF NOT EXISTS "order_no_seq" AS bigint START WITH 5001 INCREMENT BY 1 NO CYCLE;
