// /licence/:code on the server: the licence a code names, or a 404 that says it is unknown.
import { data } from "react-router";
import { lookUpLicence } from "../../../../worker/domain/licences/licences";
import { server } from "../../../lib/auth.server";
import type { Route } from "./+types/licence";

export async function loader({ context, params }: Route.LoaderArgs) {
  const licence = await lookUpLicence(server(context).deps, params.code);
  if (!licence) return data({ licence: null }, { status: 404 });
  return {
    licence: {
      valid: licence.valid,
      exclusiveSoldLater: licence.exclusiveSoldLater,
      ...licence.facts,
      issuedAt: licence.facts.issuedAt.toISOString(),
    },
  };
}
