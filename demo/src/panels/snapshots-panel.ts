/** Snapshots in IndexedDB: thread, kind (full/delta), size, time; prune the ones no thread needs. */
import { pruneSnapshots, type SnapshotStore } from "quickbox";
import { byId, formatBytes, h } from "../dom.js";

export class SnapshotsPanel {
  readonly #rows = byId<HTMLTableSectionElement>("snapshots");
  readonly #summary = byId<HTMLParagraphElement>("snapshots-summary");

  constructor(private readonly store: SnapshotStore) {
    byId("snapshots-prune").addEventListener("click", () => void this.prune());
  }

  async refresh(): Promise<void> {
    // Threads named "__…" are the playground's own scratch threads.
    const records = (await this.store.list("snap:")).filter((record) => !record.threadId?.startsWith("__")).sort((a, b) => b.createdAt - a.createdAt);
    const total = records.reduce((sum, record) => sum + record.sizeBytes, 0);
    this.#summary.textContent = records.length
      ? `${records.length} snapshot${records.length === 1 ? "" : "s"}, ${formatBytes(total)} in IndexedDB (newest first; the last 50 shown)`
      : "No snapshots yet: every run stores one (a small delta after the first).";
    this.#rows.replaceChildren(
      ...records.slice(0, 50).map((record) =>
        h(
          "tr",
          { "data-testid": "snapshot" },
          h("td", {}, record.threadId ?? "?"),
          h("td", {}, record.kind ?? "?"),
          h("td", { class: "number" }, formatBytes(record.sizeBytes)),
          h("td", {}, h("time", { datetime: new Date(record.createdAt).toISOString() }, new Date(record.createdAt).toLocaleTimeString())),
        ),
      ),
    );
  }

  async prune(): Promise<void> {
    const { removed } = await pruneSnapshots(this.store, { keepLast: 2 });
    await this.refresh();
    this.#summary.textContent += ` — pruned ${removed.length}`;
  }
}
