// Shipping addresses (issue 5).
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, owner } from "./accounts";

export const shippingAddresses = sqliteTable(
  "shipping_addresses",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    recipientName: text("recipient_name").notNull(),
    phone: text("phone"),
    streetAddress: text("street_address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    country: text("country").notNull().default("USA"),
    neighborhood: text("neighborhood"),
    landmark: text("landmark"),
    createdAt: createdAt(),
  },
  (t) => [index("shipping_user_idx").on(t.userId)],
);
