// Document signing (issue 34, ADR 042). A project member (editor or owner) asks one or more people
// to sign one of the project's PDFs. Each signer gets their own link: its token is an HMAC of the
// signer's id under the app's secret (unguessable, re-derivable for reminders, only its SHA-256
// stored), valid 14 days, for that signer only. When the last one signs, the signed PDF (original
// plus certificate, ./certificate.ts) is stored in the project and mailed to everyone; anyone can
// check a copy at /verify.
import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import {
  ALREADY_SIGNED,
  CANNOT_VOID_SIGNED,
  LINK_EXPIRED,
  LINK_INVALID,
  MAX_PDF_BYTES,
  MAX_PDF_PAGES,
  NOT_A_PDF,
  PDF_TOO_LARGE,
  REQUEST_VOIDED,
  REQUEST_VOIDED_MESSAGE,
  type RequestSignaturesForm,
  SIGNATURES_REQUESTED,
  SIGNED_THANKS,
  type SignForm,
  TOO_MANY_PAGES,
  UNREADABLE_PDF,
} from "../../../app/kernel/schemas/signing";
import { runBatch } from "../../db/batch";
import type { Database } from "../../db/client";
import { files, projects, type SignatureRequest, signatureRequests, signatureSigners, users } from "../../db/schema";
import { hmacSha256, isLinkToken, randomId, sha256 } from "../../security/crypto";
import { projectFileKey } from "../../storage/keys";
import type { Deps } from "../deps";
import { Conflict, Invalid, NotFound } from "../errors";
import { memberData } from "../member-data";
import { activity } from "../teams/activity";
import { signedPdf } from "./certificate";

const DAY_MS = 24 * 60 * 60 * 1000;
export const LINK_DAYS = 14;
export const REMIND_AFTER_DAYS = 3;
const VIEW_SECONDS = 60 * 60;

/** The link's token of one signer: only the app can make it, so it need not be stored. */
export const signerToken = (secret: string, signerId: string) => hmacSha256(secret, `signature-link:${signerId}`);

export async function sha256Hex(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as ArrayBuffer);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const spaced = (title: string) => title.replaceAll("_", " ");

/** Checks the PDF (type, size, pages) and sends each signer their link. */
export async function requestSignatures(deps: Deps, userId: string, projectId: string, form: RequestSignaturesForm) {
  const data = memberData(deps.db, userId);
  const project = await data.project(projectId, "edit");
  const file = await data.file(form.fileId);
  if (file.projectId !== project.id) throw new NotFound("File not found.");
  const refuse = (message: string) => new Invalid(message, { fileId: [message] });
  if (file.contentType !== "application/pdf" && file.kind !== "pdf") throw refuse(NOT_A_PDF);
  if (file.size > MAX_PDF_BYTES) throw refuse(PDF_TOO_LARGE);
  const object = await deps.storage.get(file.key);
  if (!object) throw new NotFound("File not found.");
  const bytes = new Uint8Array(await object.arrayBuffer());
  if (bytes.byteLength > MAX_PDF_BYTES) throw refuse(PDF_TOO_LARGE);
  if (new TextDecoder().decode(bytes.subarray(0, 1024)).indexOf("%PDF-") === -1) throw refuse(NOT_A_PDF);
  const pages = await pageCount(bytes);
  if (pages === null) throw refuse(UNREADABLE_PDF);
  if (pages > MAX_PDF_PAGES) throw refuse(TOO_MANY_PAGES);

  const requestId = crypto.randomUUID();
  const [requester] = await deps.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const expiresAt = new Date(deps.now() + LINK_DAYS * DAY_MS);
  const signers = await Promise.all(
    form.signers.map(async (email) => {
      const id = crypto.randomUUID();
      const token = await signerToken(deps.secret, id);
      return { id, email, token, tokenHash: await sha256(token) };
    }),
  );
  const title = file.fileName.replace(/\.pdf$/i, "");
  await runBatch(deps.db, [
    deps.db.insert(signatureRequests).values({
      id: requestId,
      projectId: project.id,
      fileId: file.id,
      requestedBy: userId,
      title,
      originalKey: file.key,
      originalSha256: await sha256Hex(bytes),
      pageCount: pages,
      code: randomId(16),
    }),
    ...signers.map(({ id, email, tokenHash }) =>
      deps.db.insert(signatureSigners).values({ id, requestId, email, tokenHash, expiresAt }),
    ),
    activity(deps.db, project.id, userId, "signatureRequested", `${file.fileName} to ${form.signers.join(", ")}`),
  ]);
  for (const signer of signers)
    await deps.mail.send({
      to: signer.email,
      subject: `Please sign "${title}"`,
      text: [
        `${requester?.name ?? "Someone"} (${requester?.email ?? ""}) asks you to sign "${title}" (${pages} ${pages === 1 ? "page" : "pages"}).`,
        "",
        "Read and sign it here; you do not need an account:",
        `${deps.origin}/sign/${signer.token}`,
        "",
        `The link is yours alone and works for ${LINK_DAYS} days.`,
      ].join("\n"),
    });
  return { message: SIGNATURES_REQUESTED, requestId };
}

async function pageCount(bytes: Uint8Array): Promise<number | null> {
  try {
    return (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })).getPageCount();
  } catch {
    return null;
  }
}

/** A signer by their link's token, with the request and the project's title. */
async function signerByToken(deps: Deps, token: string) {
  if (!isLinkToken(token)) throw new NotFound(LINK_INVALID);
  const [row] = await deps.db
    .select({ signer: signatureSigners, request: signatureRequests, requesterName: users.name })
    .from(signatureSigners)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatureSigners.requestId))
    .leftJoin(users, eq(users.id, signatureRequests.requestedBy))
    .where(eq(signatureSigners.tokenHash, await sha256(token)))
    .limit(1);
  if (!row) throw new NotFound(LINK_INVALID);
  const state =
    row.request.status === "voided" || row.signer.status === "voided"
      ? ("voided" as const)
      : row.signer.status === "signed"
        ? ("signed" as const)
        : row.signer.expiresAt.getTime() <= deps.now()
          ? ("expired" as const)
          : ("open" as const);
  return { ...row, state };
}

/** What the signing page shows; the first look of an open link marks it viewed. */
export async function signingView(deps: Deps, token: string) {
  const { signer, request, requesterName, state } = await signerByToken(deps, token);
  if (state === "open" && signer.status === "sent") {
    const now = new Date(deps.now());
    await deps.db.batch([
      deps.db
        .update(signatureSigners)
        .set({ status: "viewed", viewedAt: now })
        .where(and(eq(signatureSigners.id, signer.id), eq(signatureSigners.status, "sent"))),
      deps.db
        .update(signatureRequests)
        .set({ status: "viewed" })
        .where(and(eq(signatureRequests.id, request.id), eq(signatureRequests.status, "sent"))),
    ]);
  }
  const { signer: signerUrl } = deps.storage;
  const documentUrl =
    state === "open"
      ? (await signerUrl.signGet({ key: request.originalKey, contentType: "application/pdf" }, VIEW_SECONDS)).url
      : null;
  const signedUrl =
    request.status === "signed" && request.signedKey && state !== "voided"
      ? (
          await signerUrl.signGet(
            { key: request.signedKey, contentType: "application/pdf", downloadName: `${request.title}-signed.pdf` },
            VIEW_SECONDS,
          )
        ).url
      : null;
  return {
    state,
    title: spaced(request.title),
    pageCount: request.pageCount,
    requesterName: requesterName ?? "Someone",
    email: signer.email,
    expiresAt: signer.expiresAt,
    signedAt: signer.signedAt,
    documentUrl,
    signedUrl,
    verifyUrl: request.status === "signed" ? `/verify/${request.code}` : null,
  };
}

/** Records one signature; when it is the last, makes, stores and mails the signed PDF. */
export async function sign(deps: Deps, token: string, form: SignForm, ip: string) {
  const { signer, request, state } = await signerByToken(deps, token);
  if (state === "voided") throw new Conflict(REQUEST_VOIDED);
  if (state === "signed") throw new Conflict(ALREADY_SIGNED);
  if (state === "expired") throw new Invalid(LINK_EXPIRED);
  const now = new Date(deps.now());
  const [signed] = await deps.db.batch([
    deps.db
      .update(signatureSigners)
      .set({
        status: "signed",
        fullName: form.fullName,
        signatureKind: form.signatureKind,
        signaturePath: form.signatureKind === "drawn" ? (form.signaturePath?.trim() ?? null) : null,
        ipHash: await sha256Hex(new TextEncoder().encode(`${deps.secret}:ip:${ip}`)),
        signedAt: now,
      })
      // Two tabs, or a void in between: only an open signer of an open request signs, once.
      .where(
        and(
          eq(signatureSigners.id, signer.id),
          inArray(signatureSigners.status, ["sent", "viewed"]),
          sql`(SELECT ${signatureRequests.status} FROM ${signatureRequests} WHERE ${signatureRequests.id} = ${request.id}) IN ('sent', 'viewed')`,
        ),
      )
      .returning({ id: signatureSigners.id }),
    activity(deps.db, request.projectId, null, "signed", `${form.fullName} <${signer.email}> · ${request.title}`),
  ]);
  if (signed.length === 0) {
    const again = await signerByToken(deps, token);
    throw new Conflict(again.state === "voided" ? REQUEST_VOIDED : ALREADY_SIGNED);
  }
  const [waiting] = await deps.db
    .select({ id: signatureSigners.id })
    .from(signatureSigners)
    .where(and(eq(signatureSigners.requestId, request.id), ne(signatureSigners.status, "signed")))
    .limit(1);
  if (!waiting) await complete(deps, request);
  return { message: SIGNED_THANKS };
}

/** The last signature is in: the signed PDF, once (the status claim decides), stored and mailed. */
async function complete(deps: Deps, request: SignatureRequest) {
  const now = new Date(deps.now());
  const claimed = await deps.db
    .update(signatureRequests)
    .set({ status: "signed", completedAt: now })
    .where(and(eq(signatureRequests.id, request.id), inArray(signatureRequests.status, ["sent", "viewed"])))
    .returning({ id: signatureRequests.id });
  if (claimed.length === 0) return;
  const [project] = await deps.db.select().from(projects).where(eq(projects.id, request.projectId));
  const original = await deps.storage.get(request.originalKey);
  if (!project || !original) return;
  const signers = await deps.db
    .select()
    .from(signatureSigners)
    .where(eq(signatureSigners.requestId, request.id))
    .orderBy(asc(signatureSigners.signedAt));
  const bytes = await signedPdf(await original.arrayBuffer(), {
    title: spaced(request.title),
    originalSha256: request.originalSha256,
    code: request.code,
    verifyUrl: `${deps.origin}/verify/${request.code}`,
    completedAt: now,
    signers: signers.map((s) => ({
      fullName: s.fullName ?? "",
      email: s.email,
      signedAt: s.signedAt ?? now,
      ipHash: s.ipHash ?? "",
      signatureKind: s.signatureKind ?? "typed",
      signaturePath: s.signaturePath,
    })),
  });
  const fileName = `${request.title}-signed.pdf`;
  const key = projectFileKey(project.userId, project.id, fileName, deps.now());
  await deps.storage.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
  const fileId = crypto.randomUUID();
  await deps.db.batch([
    deps.db.insert(files).values({
      id: fileId,
      userId: request.requestedBy ?? project.userId,
      projectId: project.id,
      key,
      fileName,
      contentType: "application/pdf",
      size: bytes.byteLength,
      kind: "pdf",
    }),
    deps.db
      .update(signatureRequests)
      .set({ signedFileId: fileId, signedKey: key, signedSha256: await sha256Hex(bytes) })
      .where(eq(signatureRequests.id, request.id)),
    activity(deps.db, project.id, null, "documentCompleted", fileName),
  ]);
  await mailSignedCopy(deps, request, signers, fileId);
}

async function mailSignedCopy(
  deps: Deps,
  request: SignatureRequest,
  signers: { id: string; email: string }[],
  fileId: string,
) {
  const title = spaced(request.title);
  const verify = `${deps.origin}/verify/${request.code}`;
  for (const signer of signers)
    await deps.mail.send({
      to: signer.email,
      subject: `Signed: "${title}"`,
      text: [
        `Everyone has signed "${title}". Download your signed copy here:`,
        `${deps.origin}/sign/${await signerToken(deps.secret, signer.id)}`,
        "",
        `Anyone can check a copy at ${verify}`,
      ].join("\n"),
    });
  const [requester] = request.requestedBy
    ? await deps.db.select({ email: users.email }).from(users).where(eq(users.id, request.requestedBy))
    : [];
  if (requester && !signers.some((s) => s.email === requester.email))
    await deps.mail.send({
      to: requester.email,
      subject: `Signed: "${title}"`,
      text: [
        `Everyone has signed "${title}". The signed PDF is in the project:`,
        `${deps.origin}/bigfile/${fileId}`,
        "",
        `Anyone can check a copy at ${verify}`,
      ].join("\n"),
    });
}

/** Voids a request that is not signed yet: its links stop working at once. */
export async function voidRequest(deps: Deps, userId: string, requestId: string) {
  const request = await requestOfMember(deps, userId, requestId);
  if (request.status === "signed") throw new Conflict(CANNOT_VOID_SIGNED);
  if (request.status === "voided") return { message: REQUEST_VOIDED_MESSAGE };
  const now = new Date(deps.now());
  await deps.db.batch([
    deps.db
      .update(signatureRequests)
      .set({ status: "voided", voidedAt: now })
      .where(and(eq(signatureRequests.id, request.id), inArray(signatureRequests.status, ["sent", "viewed"]))),
    deps.db
      .update(signatureSigners)
      .set({ status: "voided" })
      .where(and(eq(signatureSigners.requestId, request.id), ne(signatureSigners.status, "signed"))),
    activity(deps.db, request.projectId, userId, "signatureVoided", request.title),
  ]);
  return { message: REQUEST_VOIDED_MESSAGE };
}

async function requestOfMember(deps: Deps, userId: string, requestId: string) {
  const [request] = await deps.db
    .select()
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.id, requestId),
        sql`${signatureRequests.projectId} IN ${memberData(deps.db, userId).projectIds("view")}`,
      ),
    )
    .limit(1);
  if (!request) throw new NotFound("Signature request not found.");
  await memberData(deps.db, userId).project(request.projectId, "edit");
  return request;
}

/**
 * A project's requests, newest first, and their signers: two statements without a join (each
 * table's columns keep their names; a D1 batch answers rows by column name, so a join of two
 * tables that both have `id` and `status` would mix them). Both go in the project page's batch.
 */
export function requestsOfProject(db: Database, projectId: string) {
  return [
    db
      .select({
        id: signatureRequests.id,
        title: signatureRequests.title,
        status: signatureRequests.status,
        code: signatureRequests.code,
        signedFileId: signatureRequests.signedFileId,
        createdAt: signatureRequests.createdAt,
        completedAt: signatureRequests.completedAt,
      })
      .from(signatureRequests)
      .where(eq(signatureRequests.projectId, projectId))
      .orderBy(desc(signatureRequests.createdAt)),
    db
      .select({
        id: signatureSigners.id,
        requestId: signatureSigners.requestId,
        email: signatureSigners.email,
        status: signatureSigners.status,
        fullName: signatureSigners.fullName,
        viewedAt: signatureSigners.viewedAt,
        signedAt: signatureSigners.signedAt,
        remindedAt: signatureSigners.remindedAt,
      })
      .from(signatureSigners)
      .where(
        inArray(
          signatureSigners.requestId,
          db
            .select({ id: signatureRequests.id })
            .from(signatureRequests)
            .where(eq(signatureRequests.projectId, projectId)),
        ),
      )
      .orderBy(asc(signatureSigners.createdAt)),
  ] as const;
}

type RequestRows = Awaited<ReturnType<typeof requestsOfProject>[0]>;
type SignerRows = Awaited<ReturnType<typeof requestsOfProject>[1]>;

/** Each request with its signers. */
export function groupRequests(requests: RequestRows, signers: SignerRows) {
  return requests.map((request) => ({
    ...request,
    createdAt: when(request.createdAt) ?? new Date(0),
    completedAt: when(request.completedAt),
    signers: signers
      .filter((signer) => signer.requestId === request.id)
      .map(({ requestId: _, ...signer }) => ({
        ...signer,
        viewedAt: when(signer.viewedAt),
        signedAt: when(signer.signedAt),
        remindedAt: when(signer.remindedAt),
      })),
  }));
}

/** A time read through a D1 batch as a Date, or null (never an invalid Date, which a page cannot serialise). */
function when(value: Date | number | null): Date | null {
  if (value === null) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The cron sweep: a signer who has not signed 3 days after the request (or the last reminder) is reminded. */
export async function remindSigners(deps: Deps) {
  const due = new Date(deps.now() - REMIND_AFTER_DAYS * DAY_MS);
  const rows = await deps.db
    .select({ signer: signatureSigners, title: signatureRequests.title })
    .from(signatureSigners)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatureSigners.requestId))
    .where(
      and(
        inArray(signatureSigners.status, ["sent", "viewed"]),
        inArray(signatureRequests.status, ["sent", "viewed"]),
        sql`${signatureSigners.expiresAt} > ${deps.now()}`,
        lt(signatureSigners.createdAt, due),
        or(isNull(signatureSigners.remindedAt), lt(signatureSigners.remindedAt, due)),
      ),
    )
    .limit(50);
  for (const { signer, title } of rows) {
    await deps.db
      .update(signatureSigners)
      .set({ remindedAt: new Date(deps.now()) })
      .where(eq(signatureSigners.id, signer.id));
    await deps.mail.send({
      to: signer.email,
      subject: `Reminder: please sign "${spaced(title)}"`,
      text: [
        `"${spaced(title)}" is still waiting for your signature.`,
        `${deps.origin}/sign/${await signerToken(deps.secret, signer.id)}`,
        "",
        `The link works until ${signer.expiresAt.toISOString().slice(0, 10)}.`,
      ].join("\n"),
    });
  }
  return rows.length;
}

/** What the verification page says of a request, by its code or by the signed copy's SHA-256. */
export async function verification(deps: Deps, by: { code: string } | { sha256: string }) {
  const [request] = await deps.db
    .select()
    .from(signatureRequests)
    .where(
      "code" in by
        ? eq(signatureRequests.code, by.code)
        : and(eq(signatureRequests.signedSha256, by.sha256.toLowerCase()), eq(signatureRequests.status, "signed")),
    )
    .limit(1);
  if (!request) return null;
  const signers = await deps.db
    .select({ fullName: signatureSigners.fullName, email: signatureSigners.email, signedAt: signatureSigners.signedAt })
    .from(signatureSigners)
    .where(and(eq(signatureSigners.requestId, request.id), eq(signatureSigners.status, "signed")))
    .orderBy(asc(signatureSigners.signedAt));
  return {
    code: request.code,
    title: spaced(request.title),
    status: request.status,
    valid: request.status === "signed" && request.signedSha256 !== null,
    completedAt: request.completedAt,
    originalSha256: request.originalSha256,
    signedSha256: request.signedSha256,
    // Who signed, without handing their full address to anyone holding a code.
    signers: signers.map((s) => ({ fullName: s.fullName, email: maskEmail(s.email), signedAt: s.signedAt })),
  };
}

/** "ada@example.com" → "a••@example.com". */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}${"•".repeat(Math.min(Math.max(local.length - 1, 2), 6))}@${domain}`;
}
