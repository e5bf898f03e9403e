-- Payment slip numbers (PS-<year>-<nnnnnn>) come from this sequence, so two uploads at the same moment never get the
-- same number and no transaction has to lock payment_slips to find max + 1. The demo seed uses numbers below 1000.
CREATE SEQUENCE IF NOT EXISTS "payment_slip_no_seq" AS bigint START WITH 1001 INCREMENT BY 1 NO CYCLE;
