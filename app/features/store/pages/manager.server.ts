import { listDiscounts } from "../../../../worker/domain/store/discounts";
import { listOwnProducts } from "../../../../worker/domain/store/views";
import { voiceTagView } from "../../../../worker/domain/store/voice-tag";
import { requireUser, server } from "../../../lib/auth.server";
import type { Route } from "./+types/manager";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const [products, voiceTag, discounts] = await Promise.all([
    listOwnProducts(deps, user.id),
    voiceTagView(deps, user.id),
    listDiscounts(deps, user.id),
  ]);
  return { userId: user.id, products, voiceTag, discounts };
}
