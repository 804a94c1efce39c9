// The verification page's server side (/verify/:code): what a code says of its signed document.
import { data } from "react-router";
import { verification } from "../../worker/domain/signing/signatures";
import { server } from "../lib/auth.server";
import type { Route } from "./+types/verify";

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!params.code) return { document: null, code: null };
  const document = await verification(server(context).deps, { code: params.code });
  if (!document) return data({ document: null, code: params.code }, { status: 404 });
  return { document, code: params.code };
}
