ALTER TABLE "contract_renewals" ALTER COLUMN "current_cost_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "contract_renewals" ALTER COLUMN "offer_cost_cents" SET DATA TYPE bigint;