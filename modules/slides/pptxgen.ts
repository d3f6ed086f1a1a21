import type PptxGenJSImport from "pptxgenjs";

export type PptxGenJS = PptxGenJSImport;

let loading: Promise<typeof PptxGenJSImport> | undefined;

/**
 * pptxgenjs's class, loaded when the first deck is built (with jszip, about 20 MB resident), however it was
 * loaded: its ES build's default export is the class, but loaders that pick its CommonJS build hand back
 * `{ default: class }`. Read through a narrow view of the module, so no cast is needed where decks are built.
 */
export function loadPptxGenJS(): Promise<typeof PptxGenJSImport> {
  loading ??= import("pptxgenjs").then((m) => {
    const loaded: { default?: typeof PptxGenJSImport } & typeof PptxGenJSImport = m.default;
    return loaded.default ?? m.default;
  });
  return loading;
}
