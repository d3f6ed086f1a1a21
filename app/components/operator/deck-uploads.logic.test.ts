import { describe, expect, it } from "vitest";
import {
  type DeckSummary,
  fileKind,
  foldText,
  formatSize,
  initialRowState,
  isPending,
  keynoteChoices,
  matchesFilter,
  nextDefaultColour,
  parseUploadAnswer,
  percentSent,
  type RowState,
  rowsToStart,
  type UploadedFile,
  uploadFormEntries,
  variantFieldName,
} from "./deck-uploads.logic.ts";

const facts: DeckSummary = {
  slideCount: 24,
  aspectRatio: "16:9",
  headingFont: "Montserrat",
  bodyFont: "Lato",
  fonts: ["Montserrat", "Lato"],
  themeColors: ["#112233", "#AABBCC"],
  missingFonts: [],
  links: [],
};
const pptx = (id: string): UploadedFile => ({ id, name: `${id}.pptx`, size: 1000, kind: "pptx", facts });
const key = (id: string): UploadedFile => ({ id, name: `${id}.key`, size: 1000, kind: "key", facts: null });

describe("nextDefaultColour", () => {
  const colours = [
    { value: "blue", label: "Blue" },
    { value: "red", label: "Red" },
    { value: "green", label: "Green" },
  ];
  it("takes the first colour no variant uses", () => {
    expect(nextDefaultColour(colours, [])).toBe("blue");
    expect(nextDefaultColour(colours, ["blue"])).toBe("red");
    expect(nextDefaultColour(colours, ["red", "blue"])).toBe("green");
  });
  it("falls back to the first colour when all are used, and to nothing without colours", () => {
    expect(nextDefaultColour(colours, ["blue", "red", "green"])).toBe("blue");
    expect(nextDefaultColour([], [])).toBe("");
  });
});

describe("formatSize", () => {
  it("writes kilobytes and megabytes in the locale", () => {
    expect(formatSize(512 * 1024, "en")).toBe("512 kB");
    expect(formatSize(12.5 * 1024 * 1024, "en")).toBe("12.5 MB");
    expect(formatSize(12.5 * 1024 * 1024, "es")).toBe("12,5 MB");
    expect(formatSize(100 * 1024 * 1024, "en")).toBe("100 MB");
  });
  it("never says 0 for a file with bytes", () => {
    expect(formatSize(10, "en")).toBe("0.1 kB");
    expect(formatSize(0, "en")).toBe("0 kB");
  });
});

describe("field names", () => {
  it("counts variants from 0 in the order shown, then lists the Keynote uploads", () => {
    expect(variantFieldName(2, "googleSlides")).toBe("variant.2.googleSlides");
    const entries = uploadFormEntries(
      [
        { upload: pptx("a"), colour: "blue", keynote: "k1", googleSlides: "" },
        { upload: pptx("b"), colour: "red", keynote: "", googleSlides: "https://docs.google.com/presentation/d/x" },
      ],
      [key("k1"), key("k2")],
    );
    expect(entries).toEqual([
      ["variant.0.pptx", "a"],
      ["variant.0.colour", "blue"],
      ["variant.0.keynote", "k1"],
      ["variant.0.googleSlides", ""],
      ["variant.1.pptx", "b"],
      ["variant.1.colour", "red"],
      ["variant.1.keynote", ""],
      ["variant.1.googleSlides", "https://docs.google.com/presentation/d/x"],
      ["keynotes", "k1"],
      ["keynotes", "k2"],
    ]);
  });
});

describe("parseUploadAnswer", () => {
  it("reads a 201 with the upload", () => {
    const upload = pptx("u1");
    expect(parseUploadAnswer(201, JSON.stringify({ ok: true, upload }))).toEqual({ status: "done", upload });
  });
  it("keeps a key file without facts", () => {
    const upload = { id: "k", name: "a.key", size: 5, kind: "key" };
    expect(parseUploadAnswer(201, JSON.stringify({ ok: true, upload }))).toEqual({
      status: "done",
      upload: { ...upload, facts: null },
    });
  });
  it("shows the server's own words for a refusal, 413 included", () => {
    expect(parseUploadAnswer(422, JSON.stringify({ ok: false, code: "deck.corrupt", message: "Not a deck." }))).toEqual(
      { status: "failed", code: "deck.corrupt", message: "Not a deck." },
    );
    expect(parseUploadAnswer(413, JSON.stringify({ ok: false, code: "tooLarge", message: "Too big." }))).toEqual({
      status: "failed",
      code: "tooLarge",
      message: "Too big.",
    });
  });
  it("words an answer that is not the JSON itself", () => {
    expect(parseUploadAnswer(413, "<html>Request Entity Too Large</html>")).toEqual({
      status: "failed",
      code: "tooLarge",
      message: null,
    });
    expect(parseUploadAnswer(502, "Bad gateway")).toEqual({ status: "failed", code: "http502", message: null });
    expect(parseUploadAnswer(201, JSON.stringify({ ok: true, upload: { id: 3 } }))).toEqual({
      status: "failed",
      code: "unreadable",
      message: null,
    });
  });
  it("treats status 0 as a dropped connection", () => {
    expect(parseUploadAnswer(0, "")).toEqual({ status: "stopped" });
  });
});

describe("rows", () => {
  it("knows the files it takes", () => {
    expect(fileKind("Deck.PPTX")).toBe("pptx");
    expect(fileKind("deck.key")).toBe("key");
    expect(fileKind("deck.pdf")).toBeNull();
    expect(initialRowState("deck.pdf", 10)).toEqual({ status: "failed", code: "type", message: null });
    expect(initialRowState("deck.pptx", 11, 10)).toEqual({ status: "failed", code: "tooLarge", message: null });
    expect(initialRowState("deck.pptx", 10, 10)).toEqual({ status: "queued" });
  });
  it("starts no more than two uploads at once, in order", () => {
    const row = (k: string, state: RowState) => ({ key: k, state });
    const q: RowState = { status: "queued" };
    expect(rowsToStart([row("a", q), row("b", q), row("c", q)]).map((r) => r.key)).toEqual(["a", "b"]);
    expect(rowsToStart([row("a", { status: "checking" }), row("b", q), row("c", q)]).map((r) => r.key)).toEqual(["b"]);
    expect(
      rowsToStart([row("a", { status: "uploading", sent: 5 }), row("b", { status: "checking" }), row("c", q)]),
    ).toEqual([]);
    expect(rowsToStart([row("a", { status: "stopped" }), row("b", q)]).map((r) => r.key)).toEqual(["b"]);
  });
  it("counts pending rows and the share sent", () => {
    expect(isPending({ status: "checking" })).toBe(true);
    expect(isPending({ status: "stopped" })).toBe(false);
    expect(percentSent(50, 200)).toBe(25);
    expect(percentSent(5, 0)).toBe(0);
    expect(percentSent(300, 200)).toBe(100);
  });
});

describe("keynoteChoices", () => {
  it("offers a Keynote file to one variant only", () => {
    const keys = [key("k1"), key("k2")];
    const variants = [
      { id: "a", keynote: "k1" },
      { id: "b", keynote: "" },
    ];
    expect(keynoteChoices(keys, variants, "a").map((k) => k.id)).toEqual(["k1", "k2"]);
    expect(keynoteChoices(keys, variants, "b").map((k) => k.id)).toEqual(["k2"]);
  });
});

describe("matchesFilter", () => {
  it("ignores case and accents", () => {
    expect(foldText(" Diseño ")).toBe("diseno");
    expect(matchesFilter({ value: "design", label: "Diseño" }, "DISE")).toBe(true);
    expect(matchesFilter({ value: "business", label: "Negocios" }, "busi")).toBe(true);
    expect(matchesFilter({ value: "business", label: "Negocios" }, "arte")).toBe(false);
    expect(matchesFilter({ value: "x", label: "Y" }, "  ")).toBe(true);
  });
});
