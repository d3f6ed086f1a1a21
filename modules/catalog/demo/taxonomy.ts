/**
 * The demo catalogue's fixed vocabulary: service tags, categories, plain tags, styles, colours and fonts.
 * Seeding writes these rows as they are; the generator only refers to them by slug or name.
 */

export type TagText = {
  /** Short name (chips, filters, breadcrumbs). */
  name: string;
  /** Page h1. */
  title: string;
  /** 1-2 sentences for the meta description and the page intro. */
  description: string;
  /** Label of the tab or menu entry. */
  tabName: string;
};

export type TagEntry = { slug: string; iconName?: string; en: TagText; es: TagText };

export const SERVICE_TAGS = [
  {
    slug: "trending",
    iconName: "trending",
    en: {
      name: "Trending",
      title: "Trending presentation templates",
      description:
        "The templates people are downloading and viewing most this week. Free and premium designs for PowerPoint, Google Slides and Keynote.",
      tabName: "Trending",
    },
    es: {
      name: "Tendencias",
      title: "Plantillas de presentación en tendencia",
      description:
        "Las plantillas que más se descargan y se ven esta semana. Diseños gratuitos y premium para PowerPoint, Google Slides y Keynote.",
      tabName: "Tendencias",
    },
  },
  {
    slug: "latest",
    iconName: "sparkles",
    en: {
      name: "Latest",
      title: "Latest presentation templates",
      description:
        "Fresh templates, newest first. New designs for PowerPoint, Google Slides and Keynote are added every week.",
      tabName: "Latest",
    },
    es: {
      name: "Novedades",
      title: "Últimas plantillas de presentación",
      description:
        "Plantillas recién publicadas, primero las más nuevas. Cada semana añadimos diseños para PowerPoint, Google Slides y Keynote.",
      tabName: "Novedades",
    },
  },
] as const satisfies readonly TagEntry[];

export const CATEGORIES = [
  {
    slug: "marketing",
    iconName: "megaphone",
    en: {
      name: "Marketing",
      title: "Marketing presentation templates",
      description:
        "Marketing plans, campaign pitches, social media reports and brand decks. Editable templates for PowerPoint, Google Slides and Keynote.",
      tabName: "Marketing",
    },
    es: {
      name: "Marketing",
      title: "Plantillas de presentación de marketing",
      description:
        "Planes de marketing, propuestas de campaña, informes de redes sociales y presentaciones de marca. Plantillas editables para PowerPoint, Google Slides y Keynote.",
      tabName: "Marketing",
    },
  },
  {
    slug: "business",
    iconName: "briefcase",
    en: {
      name: "Business",
      title: "Business presentation templates",
      description:
        "Pitch decks, business plans, company profiles and reports that look sharp in the boardroom. Ready for PowerPoint, Google Slides and Keynote.",
      tabName: "Business",
    },
    es: {
      name: "Negocios",
      title: "Plantillas de presentación de negocios",
      description:
        "Pitch decks, planes de negocio, perfiles de empresa e informes que lucen impecables en cualquier reunión. Listas para PowerPoint, Google Slides y Keynote.",
      tabName: "Negocios",
    },
  },
  {
    slug: "education",
    iconName: "graduation-cap",
    en: {
      name: "Education",
      title: "Education presentation templates",
      description:
        "Lesson plans, thesis defenses, research talks and classroom activities. Clear, engaging templates for teachers and students.",
      tabName: "Education",
    },
    es: {
      name: "Educación",
      title: "Plantillas de presentación de educación",
      description:
        "Planes de clase, defensas de tesis, presentaciones de investigación y actividades para el aula. Plantillas claras y atractivas para docentes y estudiantes.",
      tabName: "Educación",
    },
  },
  {
    slug: "multi-purpose",
    iconName: "layers",
    en: {
      name: "Multi-purpose",
      title: "Multi-purpose presentation templates",
      description:
        "Versatile designs that fit any topic, from portfolios and conference talks to travel and food. Edit them in PowerPoint, Google Slides or Keynote.",
      tabName: "Multi-purpose",
    },
    es: {
      name: "Multiusos",
      title: "Plantillas de presentación multiusos",
      description:
        "Diseños versátiles para cualquier tema, desde portafolios y ponencias hasta viajes y gastronomía. Edítalos en PowerPoint, Google Slides o Keynote.",
      tabName: "Multiusos",
    },
  },
  {
    slug: "infographics",
    iconName: "chart-pie",
    en: {
      name: "Infographics",
      title: "Infographic templates",
      description:
        "Charts, timelines, process diagrams and comparison tables built from editable shapes. Turn data into slides people understand at a glance.",
      tabName: "Infographics",
    },
    es: {
      name: "Infografías",
      title: "Plantillas de infografías",
      description:
        "Gráficos, líneas de tiempo, diagramas de procesos y tablas comparativas hechos con formas editables. Convierte tus datos en diapositivas que se entienden de un vistazo.",
      tabName: "Infografías",
    },
  },
] as const satisfies readonly TagEntry[];

export type CategorySlug = (typeof CATEGORIES)[number]["slug"];

const EN_TAIL = "Free and premium designs for PowerPoint, Google Slides and Keynote.";
const ES_TAIL = "Diseños gratuitos y premium para PowerPoint, Google Slides y Keynote.";

/** [slug, en name, en title, en sentence, es name, es title, es sentence] */
type TagRow = [string, string, string, string, string, string, string];

const TAG_ROWS: TagRow[] = [
  [
    "thesis",
    "Thesis",
    "Thesis defense templates",
    "Structure your research question, methodology and results for a confident thesis defense.",
    "Tesis",
    "Plantillas para defensa de tesis",
    "Estructura tu pregunta de investigación, metodología y resultados para defender tu tesis con confianza.",
  ],
  [
    "pitch-deck",
    "Pitch deck",
    "Pitch deck templates",
    "Tell your startup story to investors with problem, solution, traction and funding slides.",
    "Pitch deck",
    "Plantillas de pitch deck",
    "Cuenta la historia de tu startup a inversores con diapositivas de problema, solución, tracción y financiación.",
  ],
  [
    "startup",
    "Startup",
    "Startup presentation templates",
    "Designs for founders: product demos, team introductions, metrics and investor updates.",
    "Startup",
    "Plantillas de presentación para startups",
    "Diseños para fundadores: demos de producto, presentación del equipo, métricas y actualizaciones para inversores.",
  ],
  [
    "timeline",
    "Timeline",
    "Timeline templates",
    "Show milestones, histories and schedules at a glance with editable timelines.",
    "Línea de tiempo",
    "Plantillas de líneas de tiempo",
    "Muestra hitos, historias y calendarios de un vistazo con líneas de tiempo editables.",
  ],
  [
    "roadmap",
    "Roadmap",
    "Roadmap templates",
    "Plan product releases, strategy phases and quarterly goals on clear roadmap slides.",
    "Hoja de ruta",
    "Plantillas de hojas de ruta",
    "Planifica lanzamientos, fases estratégicas y objetivos trimestrales con hojas de ruta claras.",
  ],
  [
    "swot",
    "SWOT",
    "SWOT analysis templates",
    "Lay out strengths, weaknesses, opportunities and threats in tidy grids and tables.",
    "DAFO",
    "Plantillas de análisis DAFO",
    "Presenta fortalezas, debilidades, oportunidades y amenazas en cuadrículas y tablas ordenadas.",
  ],
  [
    "report",
    "Report",
    "Report presentation templates",
    "Turn results into clear charts, key figures and takeaways for monthly, quarterly or annual reviews.",
    "Informe",
    "Plantillas de presentación de informes",
    "Convierte resultados en gráficos claros, cifras clave y conclusiones para revisiones mensuales, trimestrales o anuales.",
  ],
  [
    "portfolio",
    "Portfolio",
    "Portfolio templates",
    "Showcase projects, case studies and creative work with image-led layouts.",
    "Portafolio",
    "Plantillas de portafolio",
    "Muestra proyectos, casos de estudio y trabajo creativo con diseños centrados en la imagen.",
  ],
  [
    "lesson-plan",
    "Lesson plan",
    "Lesson plan templates",
    "Organize objectives, activities and assessments for engaging lessons.",
    "Plan de clase",
    "Plantillas de planes de clase",
    "Organiza objetivos, actividades y evaluaciones para clases dinámicas.",
  ],
  [
    "company-profile",
    "Company profile",
    "Company profile templates",
    "Introduce your mission, services, team and results to clients and partners.",
    "Perfil de empresa",
    "Plantillas de perfil de empresa",
    "Presenta la misión, los servicios, el equipo y los resultados de tu empresa a clientes y socios.",
  ],
  [
    "sales",
    "Sales",
    "Sales presentation templates",
    "Pitch offers, review pipelines and report sales results with persuasive slides.",
    "Ventas",
    "Plantillas de presentación de ventas",
    "Presenta ofertas, revisa tu embudo y comunica resultados de ventas con diapositivas persuasivas.",
  ],
  [
    "social-media",
    "Social media",
    "Social media presentation templates",
    "Plan content, report engagement and pitch campaigns for Instagram, TikTok and LinkedIn.",
    "Redes sociales",
    "Plantillas de presentación para redes sociales",
    "Planifica contenidos, informa sobre la interacción y presenta campañas para Instagram, TikTok y LinkedIn.",
  ],
  [
    "healthcare",
    "Healthcare",
    "Healthcare presentation templates",
    "Clear, calm designs for clinics, medical research, wellness programs and patient education.",
    "Salud",
    "Plantillas de presentación de salud",
    "Diseños claros y serenos para clínicas, investigación médica, programas de bienestar y educación de pacientes.",
  ],
  [
    "technology",
    "Technology",
    "Technology presentation templates",
    "Present software products, AI projects, data platforms and tech trends.",
    "Tecnología",
    "Plantillas de presentación de tecnología",
    "Presenta productos de software, proyectos de IA, plataformas de datos y tendencias tecnológicas.",
  ],
  [
    "finance",
    "Finance",
    "Finance presentation templates",
    "Explain budgets, forecasts, investments and financial results with clean charts.",
    "Finanzas",
    "Plantillas de presentación de finanzas",
    "Explica presupuestos, previsiones, inversiones y resultados financieros con gráficos limpios.",
  ],
  [
    "real-estate",
    "Real estate",
    "Real estate presentation templates",
    "Present properties, market analyses and investment opportunities to buyers and investors.",
    "Inmobiliaria",
    "Plantillas de presentación inmobiliaria",
    "Presenta propiedades, análisis de mercado y oportunidades de inversión a compradores e inversores.",
  ],
  [
    "school",
    "School",
    "School presentation templates",
    "Friendly designs for classroom lessons, school projects and parent meetings.",
    "Escuela",
    "Plantillas de presentación escolares",
    "Diseños amables para clases, proyectos escolares y reuniones con familias.",
  ],
  [
    "university",
    "University",
    "University presentation templates",
    "Designs for lectures, seminars, research projects and academic conferences.",
    "Universidad",
    "Plantillas de presentación universitarias",
    "Diseños para clases magistrales, seminarios, proyectos de investigación y congresos académicos.",
  ],
  [
    "biology",
    "Biology",
    "Biology presentation templates",
    "Explain cells, ecosystems, genetics and lab work with clear diagrams and charts.",
    "Biología",
    "Plantillas de presentación de biología",
    "Explica células, ecosistemas, genética y prácticas de laboratorio con diagramas y gráficos claros.",
  ],
  [
    "history",
    "History",
    "History presentation templates",
    "Tell the story of eras, events and people with timelines and quotes.",
    "Historia",
    "Plantillas de presentación de historia",
    "Cuenta la historia de épocas, acontecimientos y personajes con líneas de tiempo y citas.",
  ],
  [
    "marketing-plan",
    "Marketing plan",
    "Marketing plan templates",
    "Set goals, audiences, channels and budgets for your next campaign.",
    "Plan de marketing",
    "Plantillas de plan de marketing",
    "Define objetivos, públicos, canales y presupuesto para tu próxima campaña.",
  ],
  [
    "project-proposal",
    "Project proposal",
    "Project proposal templates",
    "Win approval with scope, timeline, budget and team slides.",
    "Propuesta de proyecto",
    "Plantillas de propuesta de proyecto",
    "Consigue la aprobación con diapositivas de alcance, calendario, presupuesto y equipo.",
  ],
  [
    "business-plan",
    "Business plan",
    "Business plan templates",
    "Present your market, business model, strategy and financial projections in one deck.",
    "Plan de negocio",
    "Plantillas de plan de negocio",
    "Presenta tu mercado, modelo de negocio, estrategia y proyecciones financieras en una sola presentación.",
  ],
  [
    "conference",
    "Conference",
    "Conference presentation templates",
    "Keynotes, talks and event decks that read well on a big screen.",
    "Congreso",
    "Plantillas de presentación para congresos",
    "Ponencias, charlas y presentaciones de eventos que se leen bien en pantalla grande.",
  ],
  [
    "workshop",
    "Workshop",
    "Workshop templates",
    "Run hands-on sessions with agendas, exercises, process steps and recaps.",
    "Taller",
    "Plantillas para talleres",
    "Dirige sesiones prácticas con agendas, ejercicios, pasos de proceso y resúmenes.",
  ],
  [
    "minimal",
    "Minimal",
    "Minimal presentation templates",
    "Clean layouts with generous white space that keep the focus on your message.",
    "Minimalista",
    "Plantillas de presentación minimalistas",
    "Diseños limpios con mucho espacio en blanco que ponen el foco en tu mensaje.",
  ],
  [
    "dark",
    "Dark",
    "Dark presentation templates",
    "Dark backgrounds with bright accents for striking talks, tech demos and evening events.",
    "Oscuro",
    "Plantillas de presentación oscuras",
    "Fondos oscuros con acentos brillantes para charlas impactantes, demos tecnológicas y eventos nocturnos.",
  ],
  [
    "kids",
    "Kids",
    "Presentation templates for kids",
    "Colorful, playful designs for young learners, storytelling and classroom games.",
    "Infantil",
    "Plantillas de presentación infantiles",
    "Diseños coloridos y divertidos para los más pequeños, cuentacuentos y juegos en clase.",
  ],
  [
    "nature",
    "Nature",
    "Nature presentation templates",
    "Earthy palettes for environmental topics, wildlife talks and outdoor projects.",
    "Naturaleza",
    "Plantillas de presentación de naturaleza",
    "Paletas terrosas para temas ambientales, charlas sobre fauna y proyectos al aire libre.",
  ],
  [
    "travel",
    "Travel",
    "Travel presentation templates",
    "Plan trips, present destinations and promote tourism with image-led layouts.",
    "Viajes",
    "Plantillas de presentación de viajes",
    "Planifica viajes, presenta destinos y promociona el turismo con diseños centrados en la imagen.",
  ],
  [
    "food",
    "Food",
    "Food presentation templates",
    "Menus, recipes, restaurant pitches and nutrition talks with appetizing designs.",
    "Comida",
    "Plantillas de presentación de comida",
    "Menús, recetas, presentaciones de restaurantes y charlas de nutrición con diseños apetecibles.",
  ],
  [
    "sports",
    "Sports",
    "Sports presentation templates",
    "Season reviews, training plans and sponsorship decks for clubs and athletes.",
    "Deportes",
    "Plantillas de presentación de deportes",
    "Resúmenes de temporada, planes de entrenamiento y propuestas de patrocinio para clubes y deportistas.",
  ],
  [
    "annual-report",
    "Annual report",
    "Annual report templates",
    "Review the year's highlights, financials and goals for shareholders and teams.",
    "Informe anual",
    "Plantillas de informe anual",
    "Repasa los logros, las finanzas y los objetivos del año para accionistas y equipos.",
  ],
  [
    "brand-guidelines",
    "Brand guidelines",
    "Brand guidelines templates",
    "Document logo use, colors, typography and tone of voice in one place.",
    "Manual de marca",
    "Plantillas de manual de marca",
    "Documenta el uso del logotipo, los colores, la tipografía y el tono de voz en un solo lugar.",
  ],
  [
    "case-study",
    "Case study",
    "Case study templates",
    "Show the challenge, the approach and the measurable results of a project.",
    "Caso de estudio",
    "Plantillas de casos de estudio",
    "Muestra el reto, el enfoque y los resultados medibles de un proyecto.",
  ],
  [
    "mathematics",
    "Mathematics",
    "Mathematics presentation templates",
    "Teach numbers, geometry and statistics with clear examples and charts.",
    "Matemáticas",
    "Plantillas de presentación de matemáticas",
    "Enseña números, geometría y estadística con ejemplos claros y gráficos.",
  ],
  [
    "science",
    "Science",
    "Science presentation templates",
    "Experiments, research findings and science fair projects made easy to follow.",
    "Ciencias",
    "Plantillas de presentación de ciencias",
    "Experimentos, resultados de investigación y proyectos de feria de ciencias fáciles de seguir.",
  ],
  [
    "webinar",
    "Webinar",
    "Webinar templates",
    "Online talks with clear agendas, speaker slides and calls to action.",
    "Webinar",
    "Plantillas para webinars",
    "Charlas en línea con agendas claras, diapositivas de ponentes y llamadas a la acción.",
  ],
  [
    "sustainability",
    "Sustainability",
    "Sustainability presentation templates",
    "Report on climate goals, ESG results and green initiatives.",
    "Sostenibilidad",
    "Plantillas de presentación de sostenibilidad",
    "Informa sobre objetivos climáticos, resultados ESG e iniciativas verdes.",
  ],
  [
    "product-launch",
    "Product launch",
    "Product launch templates",
    "Announce new products with launch plans, features, pricing and go-to-market slides.",
    "Lanzamiento de producto",
    "Plantillas de lanzamiento de producto",
    "Anuncia nuevos productos con planes de lanzamiento, funciones, precios y estrategia comercial.",
  ],
  [
    "training",
    "Training",
    "Training presentation templates",
    "Onboarding sessions, training courses and internal learning programs.",
    "Formación",
    "Plantillas de presentación de formación",
    "Sesiones de incorporación, cursos de formación y programas de aprendizaje interno.",
  ],
];

export const TAGS: readonly TagEntry[] = TAG_ROWS.map(([slug, enName, enTitle, enText, esName, esTitle, esText]) => ({
  slug,
  en: { name: enName, title: enTitle, description: `${enText} ${EN_TAIL}`, tabName: enName },
  es: { name: esName, title: esTitle, description: `${esText} ${ES_TAIL}`, tabName: esName },
}));

export type StyleEntry = { slug: string; nameEn: string; nameEs: string };

export const STYLES = [
  { slug: "minimalist", nameEn: "Minimalist", nameEs: "Minimalista" },
  { slug: "corporate", nameEn: "Corporate", nameEs: "Corporativo" },
  { slug: "creative", nameEn: "Creative", nameEs: "Creativo" },
  { slug: "elegant", nameEn: "Elegant", nameEs: "Elegante" },
  { slug: "playful", nameEn: "Playful", nameEs: "Divertido" },
  { slug: "modern", nameEn: "Modern", nameEs: "Moderno" },
  { slug: "vintage", nameEn: "Vintage", nameEs: "Vintage" },
  { slug: "bold", nameEn: "Bold", nameEs: "Llamativo" },
  { slug: "geometric", nameEn: "Geometric", nameEs: "Geométrico" },
  { slug: "colorful", nameEn: "Colorful", nameEs: "Colorido" },
] as const satisfies readonly StyleEntry[];

export type StyleSlug = (typeof STYLES)[number]["slug"];

export type ColorEntry = { slug: string; nameEn: string; nameEs: string; hex: string };

export const COLORS = [
  { slug: "red", nameEn: "Red", nameEs: "Rojo", hex: "#E53935" },
  { slug: "orange", nameEn: "Orange", nameEs: "Naranja", hex: "#FB8C00" },
  { slug: "yellow", nameEn: "Yellow", nameEs: "Amarillo", hex: "#FDD835" },
  { slug: "green", nameEn: "Green", nameEs: "Verde", hex: "#43A047" },
  { slug: "teal", nameEn: "Teal", nameEs: "Verde azulado", hex: "#00897B" },
  { slug: "blue", nameEn: "Blue", nameEs: "Azul", hex: "#1E88E5" },
  { slug: "purple", nameEn: "Purple", nameEs: "Morado", hex: "#8E24AA" },
  { slug: "pink", nameEn: "Pink", nameEs: "Rosa", hex: "#D81B60" },
  { slug: "brown", nameEn: "Brown", nameEs: "Marrón", hex: "#6D4C41" },
  { slug: "black", nameEn: "Black", nameEs: "Negro", hex: "#212121" },
  { slug: "white", nameEn: "White", nameEs: "Blanco", hex: "#FFFFFF" },
  { slug: "gray", nameEn: "Gray", nameEs: "Gris", hex: "#9E9E9E" },
] as const satisfies readonly ColorEntry[];

export type ColorSlug = (typeof COLORS)[number]["slug"];
