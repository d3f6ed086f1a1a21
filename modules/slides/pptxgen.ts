import PptxGenJSImport from "pptxgenjs";

/**
 * pptxgenjs's class, however it was loaded: its ES build's default export is the class, but loaders that
 * pick its CommonJS build hand back `{ default: class }`. Read through a narrow view of the module, so no
 * cast is needed where decks are built.
 */
const loaded: { default?: typeof PptxGenJSImport } & typeof PptxGenJSImport = PptxGenJSImport;
export const PptxGenJS: typeof PptxGenJSImport = loaded.default ?? PptxGenJSImport;
export type PptxGenJS = PptxGenJSImport;
