// The verification page's server side (/verify/:code): what a code says of its signed document,
// or of a campaign's delivery report (issue 47).
import { data } from "react-router";
import { reportVerification } from "../../../../worker/domain/campaigns/documents/documents";
import { verification } from "../../../../worker/domain/signing/signatures";
import { server } from "../../../lib/auth.server";
import type { Route } from "./+types/verify-document";

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!params.code) return { document: null, report: null, code: null };
  const { deps } = server(context);
  const document = await verification(deps, { code: params.code });
  const report = document ? null : await reportVerification(deps, { code: params.code });
  if (!document && !report) return data({ document: null, report: null, code: params.code }, { status: 404 });
  return { document, report, code: params.code };
}
