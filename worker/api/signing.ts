// Document signing (issue 34, ADR 042). Members request and void; a signer needs no account, only
// their link's token; anyone may verify a signed copy, by its code, its SHA-256 or its bytes.
import { z } from "zod";
import { MAX_PDF_BYTES, PDF_TOO_LARGE, requestSignaturesSchema, signSchema } from "../../app/kernel/schemas/signing";
import { Invalid } from "../domain/errors";
import { memberData } from "../domain/member-data";
import {
  groupRequests,
  requestSignatures,
  requestsOfProject,
  sha256Hex,
  sign,
  signingView,
  verification,
  voidRequest,
} from "../domain/signing/signatures";
import { clientId, memberApi, publicApi, valid } from "./context";

const requests = memberApi((app) =>
  app
    .get("/projects/:projectId/signature-requests", async (c) => {
      const project = await memberData(c.var.deps.db, c.var.user.id).project(c.req.param("projectId"));
      const [requests, signers] = await c.var.deps.db.batch([...requestsOfProject(c.var.deps.db, project.id)]);
      return c.json({ requests: groupRequests(requests, signers) });
    })
    .post("/projects/:projectId/signature-requests", valid("json", requestSignaturesSchema), async (c) =>
      c.json(await requestSignatures(c.var.deps, c.var.user.id, c.req.param("projectId"), c.req.valid("json")), 201),
    )
    .post("/signature-requests/:requestId/void", async (c) =>
      c.json(await voidRequest(c.var.deps, c.var.user.id, c.req.param("requestId"))),
    ),
);

const hexHash = z.object({ sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, "A SHA-256 is 64 hexadecimal digits.") });

export const signingApi = publicApi()
  .get("/sign/:token", async (c) => c.json(await signingView(c.var.deps, c.req.param("token"))))
  .post("/sign/:token", valid("json", signSchema), async (c) =>
    c.json(await sign(c.var.deps, c.req.param("token"), c.req.valid("json"), clientId(c.req.raw))),
  )
  .get("/signatures", valid("query", hexHash), async (c) => {
    const found = await verification(c.var.deps, { sha256: c.req.valid("query").sha256 });
    return c.json({ match: found !== null, document: found });
  })
  // The bytes of a copy (Content-Type: application/pdf): is it a signed document, unchanged?
  .post("/signatures/check", async (c) => {
    const declared = Number(c.req.header("content-length") ?? 0);
    if (declared > MAX_PDF_BYTES * 2) throw new Invalid(PDF_TOO_LARGE);
    const bytes = await c.req.arrayBuffer();
    if (bytes.byteLength > MAX_PDF_BYTES * 2) throw new Invalid(PDF_TOO_LARGE);
    const sha256 = await sha256Hex(bytes);
    const found = await verification(c.var.deps, { sha256 });
    return c.json({ sha256, match: found !== null, document: found });
  })
  .get("/signatures/:code", async (c) => {
    const found = await verification(c.var.deps, { code: c.req.param("code") });
    return found
      ? c.json(found)
      : c.json({ error: { code: "not_found", message: "No signed document has this code." } }, 404);
  })
  .route("/", requests);
