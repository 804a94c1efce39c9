// /free/:token: the page an e-mailed free-download link opens (ADR 055). The token is the only key.
import { freeDownloadPage } from "../../../../worker/domain/store/free-downloads";
import { FREE_LINK_INVALID } from "../../../kernel/schemas/free-downloads";
import { server } from "../../../lib/auth.server";
import { orNotFound } from "../../../lib/page-errors.server";
import type { Route } from "./+types/free-download";

export async function loader({ context, params }: Route.LoaderArgs) {
  return { download: await orNotFound(freeDownloadPage(server(context).deps, params.token), FREE_LINK_INVALID) };
}
