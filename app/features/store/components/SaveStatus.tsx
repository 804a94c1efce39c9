// A save confirmed where it was made (issue 46): each control of the seller's studio reports its own
// last save beside itself — 'Saving…' while it runs, then 'Saved', or the server's refusal.
import { useState } from "react";
import { useRevalidator } from "react-router";
import { Outcome, type OutcomeMessage } from "../../../components/ui";
import { UNEXPECTED_ERROR } from "../../../kernel/schemas/products-messages";
import { ApiError, call, type Send } from "../../../lib/api-client";
import styles from "./SellerTiers.module.css";

/** Sends one call and reloads the page's data; resolves to the refusal's message, or null when it was saved. */
export type Run = (send: Send) => Promise<string | null>;

type State = "idle" | "saving" | "saved" | { refused: string };

/**
 * `save` runs one call (true when saved); `status` shows how the last one ended, to put beside the
 * control. `quietWhileSaving`: the control says 'Saving...' itself (an inline field).
 */
export function useSaveStatus(run: Run, { quietWhileSaving = false } = {}) {
  const [state, setState] = useState<State>("idle");
  async function save(send: Send) {
    setState(quietWhileSaving ? "idle" : "saving");
    const refused = await run(send);
    setState(refused ? { refused } : "saved");
    return !refused;
  }
  /** For work that is not one call (an upload): its outcome, shown the same way. */
  const report = (refused: string | null) => setState(refused ? { refused } : "saved");
  return { save, report, status: <SaveStatus state={state} /> };
}

function SaveStatus({ state }: { state: State }) {
  const message: OutcomeMessage | null =
    state === "idle"
      ? null
      : state === "saving"
        ? { ok: true, text: "Saving…" }
        : state === "saved"
          ? { ok: true, text: "Saved" }
          : { ok: false, text: state.refused };
  return <Outcome inline message={message} className={styles.saveStatus} />;
}

/** The studio pages' `Run`: one API call, its refusal's message (else the seed's unexpected error), then the page's data again. */
export function useRun() {
  const revalidator = useRevalidator();
  const refresh = () => revalidator.revalidate();
  const run: Run = async (send) => {
    try {
      await call(send(), UNEXPECTED_ERROR);
      return null;
    } catch (error) {
      return error instanceof ApiError && error.status > 0 ? error.message : UNEXPECTED_ERROR;
    } finally {
      await refresh();
    }
  };
  return { run, refresh };
}
