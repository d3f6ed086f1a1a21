/**
 * Search vocabulary kept as data: edit these lists, not the ranking code. Every entry is written
 * normalised (lower case, no accents, single spaces); a test checks it. Stemming (english and spanish)
 * already joins plural and singular forms, and every template carries both its English and Spanish text,
 * so only words that appear in neither text of the templates they should find belong here.
 */

/**
 * Words that only say "a template" in some way. A query ignores them unless they are all it has:
 * "plantilla tesis" searches for "tesis".
 */
export const LOW_VALUE_WORDS: readonly string[] = [
  "template",
  "templates",
  "plantilla",
  "plantillas",
  "presentation",
  "presentations",
  "presentacion",
  "presentaciones",
  "ppt",
  "pptx",
  "powerpoint",
  "power",
  "google",
  "slides",
  "slide",
  "diapositiva",
  "diapositivas",
  "editable",
  "editables",
  "free",
  "gratis",
  "gratuita",
  "gratuitas",
  "gratuito",
  "gratuitos",
  "download",
  "descargar",
  "modelo",
  "modelos",
];

/** Groups of equivalent terms (single words or phrases): a query using one also matches the others. */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["thesis", "tesis", "tfg", "tfm", "dissertation", "disertacion", "trabajo fin de grado", "trabajo fin de master"],
  ["pitch deck", "investor deck", "presentacion para inversores"],
  ["roadmap", "hoja de ruta"],
  ["timeline", "linea de tiempo", "cronologia", "chronology"],
  ["school", "colegio", "escuela", "escolar", "escolares"],
  ["business", "negocio", "negocios", "empresa", "empresarial"],
  ["company", "empresa", "compania"],
  ["marketing", "mercadotecnia", "mercadeo"],
  ["infographic", "infographics", "infografia", "infografias"],
  ["kids", "children", "ninos", "infantil"],
  ["teacher", "teachers", "docente", "docentes", "profesor", "profesores", "maestro", "maestros"],
  ["student", "students", "estudiante", "estudiantes", "alumno", "alumnos"],
  ["university", "universidad", "college", "universitario", "universitarios"],
  ["high school", "secundaria", "instituto", "bachillerato"],
  ["elementary school", "primary school", "primaria"],
  ["healthcare", "health", "salud", "medical", "medicina"],
  ["finance", "financial", "finanzas", "financiero"],
  ["report", "informe", "reporte"],
  ["sales", "ventas"],
  ["technology", "tech", "tecnologia", "tecnologica"],
  ["swot", "dafo", "foda"],
  ["portfolio", "portafolio", "porfolio"],
  ["lesson", "clase", "leccion"],
  ["conference", "congreso", "conferencia"],
  ["workshop", "taller"],
  ["travel", "viajes", "viaje", "turismo", "tourism"],
  ["real estate", "inmobiliaria", "inmobiliario", "inmuebles", "property"],
  ["brand guidelines", "manual de marca", "brand book", "guia de estilo"],
  ["annual report", "informe anual", "memoria anual"],
  ["business plan", "plan de negocio", "plan de empresa"],
  ["math", "maths", "mathematics", "matematicas"],
  ["science", "ciencia", "ciencias"],
  ["startup", "start up", "emprendimiento", "emprendedores"],
  ["social media", "redes sociales", "rrss"],
  ["minimal", "minimalist", "minimalista", "simple", "clean", "limpio"],
  ["colorful", "colourful", "colorido"],
  ["gray", "grey", "gris"],
  ["ecommerce", "e commerce", "comercio electronico", "tienda online"],
  ["hr", "human resources", "recursos humanos", "rrhh"],
  ["nonprofit", "nonprofits", "non profit", "ngo", "ong"],
  ["investors", "inversores", "inversionistas"],
];

/**
 * One-way additions: a query with the key also matches these (an investor is looking for a pitch deck,
 * but not every pitch deck mentions investors).
 */
export const RELATED_TERMS: Readonly<Record<string, readonly string[]>> = {
  investors: ["pitch deck", "investment", "inversion"],
  inversores: ["pitch deck", "investment", "inversion"],
  inversionistas: ["pitch deck", "investment", "inversion"],
  pitch: ["pitch deck"],
  funding: ["pitch deck", "inversion"],
  financiacion: ["pitch deck", "investment"],
  defense: ["thesis"],
  defensa: ["tesis"],
  phd: ["doctorandos", "thesis"],
  doctorado: ["phd", "doctorandos", "tesis"],
  wedding: ["bodas"],
  boda: ["weddings"],
  menu: ["restaurant"],
  restaurante: ["menu"],
};
