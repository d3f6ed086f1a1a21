import type { LegalFacts } from "../facts.ts";
import type { LegalContent, LicenceCommon, LicenceKind, LicenceTerms } from "../types.ts";

/** Textos legales y de ayuda en español de España (tuteo). */
export function spanishContent(f: LegalFacts): LegalContent {
  const b = f.brand;
  const support = f.supportEmail;
  const credit = `Plantilla de ${b}`;

  const licences: Record<LicenceKind, LicenceTerms> = {
    free: {
      name: "Licencia gratuita",
      summary: `Para quienes descargan sin cuenta o con una cuenta gratuita. Cubre las plantillas gratuitas y te pide que menciones a ${b}.`,
      appliesTo: "Plantillas gratuitas descargadas sin cuenta o con una cuenta gratuita.",
      permitted: [
        "Usar las plantillas gratuitas en presentaciones personales, para tus estudios, tu trabajo o tu propio negocio.",
        "Editarlo todo: textos, colores, imágenes, gráficos y diseños.",
        "Presentar, imprimir, publicar y compartir las presentaciones que crees, también en PDF, como imágenes o en vídeo.",
        "Usar una misma plantilla en todas las presentaciones propias que quieras.",
      ],
      notIncluded: [
        "No cubre las plantillas premium, las presentaciones que hagas para clientes ni la cesión de la licencia a otras personas.",
      ],
      attributionShort: "Obligatoria: conserva la diapositiva final de atribución",
    },
    personal: {
      name: "Licencia personal",
      summary: "Para suscriptores del plan Personal. Cubre todas las plantillas, también las premium, sin atribución.",
      appliesTo: "Plantillas descargadas mientras tu cuenta tiene el plan Personal, mensual o anual.",
      permitted: [
        "Usar cualquier plantilla, gratuita o premium, en presentaciones personales, para tus estudios, tu trabajo o tu propio negocio.",
        `Prescindir de cualquier mención a ${b}: no hace falta atribución.`,
        "Editarlo todo: textos, colores, imágenes, gráficos y diseños.",
        "Presentar, imprimir, publicar y compartir las presentaciones que crees, también en PDF, como imágenes o en vídeo.",
        "Usar una misma plantilla en todas las presentaciones propias que quieras.",
      ],
      notIncluded: [
        "No cubre las presentaciones que hagas por encargo de clientes ni la entrega de archivos editables a un cliente: para eso necesitas la licencia comercial.",
        "Es personal del titular de la cuenta y no se puede ceder ni compartir.",
      ],
      attributionShort: "No es necesaria",
    },
    commercial: {
      name: "Licencia comercial",
      summary:
        "Para suscriptores del plan Comercial. Todo lo que incluye la licencia personal, más presentaciones para clientes y el derecho a cederles la licencia.",
      appliesTo: "Plantillas descargadas mientras tu cuenta tiene el plan Comercial, mensual o anual.",
      permitted: [
        "Todo lo que permite la licencia personal, con descargas ilimitadas.",
        "Crear presentaciones por encargo de clientes, cobres o no por ello, como autónomo, agencia o estudio.",
        "Entregar a tu cliente los archivos editables de la presentación terminada.",
        "Ceder la licencia de una presentación que hayas creado al cliente que la recibe, para que pueda seguir editándola y usándola.",
      ],
      notIncluded: [
        "La licencia cedida cubre solo la presentación entregada a ese cliente: no le permite reutilizar la plantilla en otras presentaciones ni cedérsela a terceros.",
      ],
      attributionShort: "No es necesaria, ni para ti ni para tus clientes",
    },
  };

  const common: LicenceCommon = {
    ownership: {
      heading: "Propiedad",
      paragraphs: [
        `${b} y sus diseñadores conservan los derechos de autor y todos los demás derechos sobre cada plantilla. Al descargarla obtienes una licencia no exclusiva y válida en todo el mundo para usarla según las condiciones de tu licencia; la descarga no te transmite la propiedad.`,
      ],
    },
    prohibited: {
      heading: "Lo que ninguna licencia permite",
      paragraphs: ["Sea cual sea tu plan, no puedes:"],
      items: [
        "Vender, sublicenciar ni regalar las plantillas como plantillas, originales o modificadas, por separado o en packs, en ningún marketplace ni sitio web.",
        "Redistribuir los archivos descargados ni ponerlos a disposición de otras personas para que los descarguen y reutilicen, por ejemplo mediante un enlace público o una biblioteca de plantillas compartida. Compartir una presentación que has creado sí está permitido.",
        "Usar una plantilla o sus gráficos en un logotipo, una marca o una identidad corporativa, ni registrarlos o presentarlos como obra propia.",
        "Compartir tu cuenta o tus descargas para que otras personas usen plantillas al amparo de tu licencia.",
        "Usar las plantillas en contenidos ilegales, difamatorios, que inciten al odio o engañosos, o que vulneren derechos de terceros.",
        "Descargar plantillas de forma masiva con herramientas automáticas, ni usarlas para crear una colección, un conjunto de datos o un servicio de la competencia.",
      ],
    },
    attribution: {
      heading: "Atribución",
      paragraphs: [
        `Las descargas con licencia gratuita terminan con una diapositiva que menciona a ${b}. Mantenla siempre que presentes, compartas o publiques la presentación. Puedes adaptar su estilo a tu diseño, siempre que siga al final, sea visible y legible y mencione a ${b}.`,
        `Si esa diapositiva no se puede mostrar, por ejemplo porque publicas una sola diapositiva como imagen, incluye «${credit}» donde suelan ir los créditos: en la descripción, el pie de foto o los créditos.`,
      ],
    },
    noAttribution: [
      `No hace falta atribución. Las descargas hechas con el plan Personal o Comercial no incluyen la diapositiva de ${b}, y no tienes que mencionar a ${b} en ningún sitio.`,
      "Las plantillas que descargaste antes con la licencia gratuita mantienen su obligación de atribución. Vuelve a descargarlas mientras tu plan esté activo para obtener un archivo y una licencia sin ella.",
    ],
    clientWork: {
      heading: "Trabajos para clientes",
      paragraphs: [
        "Con la licencia comercial puedes usar las plantillas para crear presentaciones por encargo de tus clientes y entregarles la presentación terminada, incluido el archivo editable de PowerPoint, Keynote o Presentaciones de Google.",
        "Al entregar una presentación puedes ceder su licencia a tu cliente, que podrá editarla, presentarla y compartirla. El cliente no puede usar la plantilla en otras presentaciones ni redistribuirla.",
        "Cada presentación que entregues debe ser un trabajo real y personalizado: entregar una plantilla sin modificar equivale a redistribuirla. Las licencias gratuita y personal no cubren trabajos para clientes.",
      ],
    },
    afterPlanEnds: {
      heading: "Cuando termina tu plan",
      paragraphs: [
        "Las licencias no caducan. Las presentaciones que creaste con tu plan activo siguen cubiertas mientras las uses, aunque canceles o cambies de plan.",
        "Para empezar presentaciones nuevas con plantillas premium, o nuevos trabajos para clientes, necesitas volver a tener activo un plan Personal o Comercial.",
      ],
    },
    thirdParty: {
      heading: "Fuentes, imágenes y otros elementos",
      paragraphs: [
        "Algunas plantillas usan fuentes, iconos o fotos de otros autores con sus propias licencias, como las licencias de fuentes abiertas. Esos elementos conservan su licencia, y la página de cada plantilla indica las fuentes que usa. Puedes usarlos dentro de tu presentación, pero no extraerlos para usarlos o distribuirlos por separado salvo que su propia licencia lo permita.",
      ],
    },
    questions: {
      heading: "Dudas",
      paragraphs: [
        `Si no tienes claro si un uso está cubierto, escríbenos a ${support} antes de seguir adelante y te lo confirmaremos.`,
      ],
    },
  };

  const licenceSection = (id: string, kind: LicenceKind) => ({
    id,
    heading: licences[kind].name,
    paragraphs: [licences[kind].summary, `Se aplica a: ${licences[kind].appliesTo}`, "Puedes:"],
    list: licences[kind].permitted,
    closing: licences[kind].notIncluded,
  });

  return {
    updated: `Última actualización: ${f.updated}`,
    lastUpdated: (month: string) => `Última actualización: ${month}`,
    licences,
    licenceCommon: common,
    document: {
      documentType: "Condiciones de licencia",
      licensor: "Licenciante",
      appliesTo: "Se aplica a",
      attribution: "Atribución",
      documentDate: "Fecha del documento",
      contact: "Contacto",
      permitted: "Lo que puedes hacer",
      prohibited: "Lo que no puedes hacer",
      fullTerms: "Condiciones completas",
      fullTermsText: `Este documento resume la licencia de tus descargas. Forma parte de los Términos y condiciones de ${b}, que también se aplican. La versión vigente de cada licencia está siempre en nuestra página de licencias.`,
      subject: (name) => `${name} de las plantillas descargadas de ${b}`,
      page: (n, total) => `Página ${n} de ${total}`,
    },
    pages: {
      faq: {
        title: "Preguntas frecuentes",
        metaDescription: `Resolvemos tus dudas sobre descargas y límites mensuales, licencias y atribución, planes y pagos, tu cuenta y los formatos de ${b}.`,
        intro: `Respuestas rápidas a las preguntas que más nos hacéis. ¿No encuentras la tuya? Escríbenos a ${support} y te responderemos.`,
        sections: [
          {
            id: "downloads-and-allowances",
            heading: "Descargas y límites",
            paragraphs: [],
            faq: [
              {
                id: "how-many-downloads",
                question: "¿Cuántas plantillas puedo descargar?",
                answer: [
                  `Sin cuenta puedes descargar ${f.downloads.guest} plantillas al mes. Con una cuenta gratuita tienes ${f.downloads.free} descargas al mes de plantillas gratuitas. El plan Personal te da ${f.downloads.personal} descargas al mes y acceso a todas las plantillas premium, y con el plan Comercial las descargas son ilimitadas.`,
                  "Los límites se cuentan por mes natural en tiempo universal coordinado (UTC).",
                ],
              },
              {
                id: "when-does-my-allowance-reset",
                question: "¿Cuándo se reinicia mi contador de descargas?",
                answer: [
                  "El contador vuelve a cero a las 00:00 UTC del día 1 de cada mes, sea cual sea el día en que te registraste o te suscribiste. Las descargas que no uses no se acumulan para el mes siguiente.",
                ],
              },
              {
                id: "downloading-again",
                question: "¿Volver a descargar la misma plantilla gasta otro crédito?",
                answer: [
                  "No. Una vez descargada una plantilla, volver a descargarla durante el mismo mes no gasta ningún crédito, sea en el color o en el formato que sea. Un crédito equivale siempre a una plantilla.",
                  "En un mes nuevo, la primera descarga de esa plantilla vuelve a contar.",
                ],
              },
              {
                id: "downloads-left",
                question: "¿Dónde veo cuántas descargas me quedan?",
                answer: [
                  "Con la sesión iniciada, el apartado Descargas del menú de tu perfil muestra cuántas has usado este mes del total disponible. En tu perfil tienes también tus estadísticas mensuales y el historial completo de descargas, y el panel de descarga de cada plantilla indica cuándo se reinicia tu límite.",
                ],
              },
              {
                id: "limit-reached",
                question: "¿Qué pasa si llego al límite?",
                answer: [
                  `Puedes seguir explorando el catálogo, pero las nuevas descargas tendrán que esperar a que el contador se reinicie el día 1. Si no tienes cuenta, puedes crear una gratis y disponer de ${f.downloads.free} descargas al mes; si ya tienes una cuenta gratuita, puedes pasarte al plan Personal (${f.downloads.personal} al mes) o al Comercial (ilimitadas) y seguir descargando al momento.`,
                ],
              },
              {
                id: "premium-with-free-account",
                question: "¿Puedo descargar plantillas premium con una cuenta gratuita?",
                answer: [
                  "Las plantillas premium están incluidas en los planes Personal y Comercial. Sin cuenta o con una cuenta gratuita puedes descargar cualquier plantilla marcada como gratuita.",
                ],
              },
            ],
          },
          {
            id: "licences-and-attribution",
            heading: "Licencias y atribución",
            paragraphs: [],
            faq: [
              {
                id: "which-licence",
                question: "¿Qué licencia tienen mis descargas?",
                answer: [
                  "La que corresponda a tu plan en el momento de la descarga. Sin cuenta o con una cuenta gratuita obtienes la licencia gratuita; con el plan Personal, la licencia personal, y con el plan Comercial, la licencia comercial. Tu historial de descargas muestra la licencia de cada una.",
                ],
              },
              {
                id: "do-i-have-to-credit",
                question: `¿Tengo que mencionar a ${b}?`,
                answer: [
                  `Solo con la licencia gratuita. Las descargas gratuitas terminan con una diapositiva que menciona a ${b}: mantenla siempre que presentes o compartas la presentación.`,
                  "Con los planes Personal y Comercial no hace falta atribución, y los archivos que descargas no incluyen esa diapositiva.",
                ],
              },
              {
                id: "use-for-work",
                question: "¿Puedo usar las plantillas en el trabajo o para mi negocio?",
                answer: [
                  "Sí. Todas las licencias te permiten usar las plantillas en tus propias presentaciones, también las de tu trabajo, tus estudios o tu propio negocio. Lo que ninguna licencia permite es vender o compartir las plantillas en sí.",
                ],
              },
              {
                id: "presentations-for-clients",
                question: "¿Puedo hacer presentaciones para mis clientes?",
                answer: [
                  "Para eso necesitas la licencia comercial. Con ella puedes crear presentaciones por encargo, entregar los archivos editables y ceder la licencia de cada presentación al cliente que la recibe. Las licencias gratuita y personal solo cubren tus propias presentaciones.",
                ],
              },
              {
                id: "sell-or-share-templates",
                question: "¿Puedo vender o compartir las plantillas?",
                answer: [
                  "Puedes compartir las presentaciones que crees, pero no las plantillas como tales. No puedes revenderlas, subirlas a otras webs ni pasar los archivos originales a otras personas, aunque los hayas modificado o lo hagas gratis.",
                ],
              },
              {
                id: "full-licence",
                question: "¿Dónde puedo leer la licencia completa?",
                answer: [
                  "En la página Licencias te explicamos cada licencia con detalle, y desde allí puedes descargar en PDF las licencias personal y comercial.",
                ],
              },
              {
                id: "licence-after-plan-ends",
                question: "¿Mis licencias siguen siendo válidas cuando termina mi plan o cierro mi cuenta?",
                answer: [
                  "Sí. Las licencias no caducan. Cada descarga recibe una licencia del tipo que te daba tu plan en ese momento, y una licencia Personal o Comercial sigue siendo válida aunque canceles o cambies de plan.",
                  "Si cierras tu cuenta, tus licencias también siguen siendo válidas, pero desde entonces solo muestran tus iniciales y sus certificados ya no se pueden descargar: descarga antes los certificados que necesites.",
                ],
              },
              {
                id: "check-a-licence",
                question: "¿Cómo puedo demostrar o comprobar que una descarga tiene licencia?",
                answer: [
                  "Cada licencia tiene un código de 20 letras y cifras. En tu perfil tienes la lista de tus licencias, cada una con un certificado en PDF que muestra el código, la plantilla, el tipo de licencia y un código QR. El certificado de una descarga sin cuenta solo se puede descargar desde el navegador con el que se hizo.",
                  "Cualquiera, por ejemplo un cliente, puede escribir el código en la página de comprobación de licencias, o escanear el código QR, para ver si la licencia es válida, qué plantilla cubre, su tipo, su fecha y su titular. El nombre de proyecto que le pongas a una licencia nunca se muestra allí.",
                ],
                links: [{ label: "Comprobar una licencia", href: f.path("/licence") }],
              },
            ],
          },
          {
            id: "plans-and-billing",
            heading: "Planes y pagos",
            paragraphs: [],
            faq: [
              {
                id: "plan-prices",
                question: "¿Cuánto cuestan los planes?",
                answer: [
                  `El plan Personal cuesta ${f.price.personalMonthly} al mes o ${f.price.personalYearly} al año, y el Comercial, ${f.price.commercialMonthly} al mes o ${f.price.commercialYearly} al año. Los precios están en dólares estadounidenses.`,
                ],
              },
              {
                id: "yearly-saving",
                question: "¿Cuánto ahorro con el pago anual?",
                answer: [
                  `El plan anual cuesta lo mismo que diez mensualidades, así que te regalamos ${f.monthsFree} meses: un ahorro del ${f.annualSaving} frente al pago mensual.`,
                ],
              },
              {
                id: "payment-methods",
                question: "¿Cómo puedo pagar?",
                answer: [
                  "Aceptamos tarjetas Visa, MasterCard y American Express. Los pagos los gestiona nuestro proveedor de pagos: nunca vemos ni guardamos el número completo de tu tarjeta.",
                ],
              },
              {
                id: "change-plan",
                question: "¿Puedo cambiar de plan?",
                answer: [
                  "Sí, desde Facturación, en tu perfil. Si pasas del plan Personal al Comercial, el cambio es inmediato y la parte no consumida del periodo actual se descuenta en la factura.",
                  "Si bajas al plan Personal o cambias entre pago mensual y anual, el cambio se aplica en la siguiente renovación.",
                ],
              },
              {
                id: "cancel-subscription",
                question: "¿Cómo cancelo mi suscripción?",
                answer: [
                  "Entra en Facturación, en tu perfil, y elige cancelar. Tu plan sigue activo hasta el final del periodo que has pagado; después, tu cuenta pasa a ser gratuita. Hasta esa fecha puedes renovarlo con un clic y todo seguirá igual.",
                ],
              },
              {
                id: "refunds",
                question: "¿Puedo pedir un reembolso?",
                answer: [
                  `No. Los planes dan acceso inmediato a descargas digitales, por lo que los pagos no son reembolsables, tampoco la parte del periodo que queda tras cancelar. Si crees que te hemos cobrado por error, escríbenos a ${support}.`,
                ],
              },
              {
                id: "failed-payment",
                question: "¿Qué pasa si falla el cobro de la renovación?",
                answer: [
                  "Volvemos a intentar el cobro durante los días siguientes, y puedes actualizar tu tarjeta en Facturación en cualquier momento. Si aun así no se puede cobrar, la suscripción termina y tu cuenta pasa a ser gratuita. Tus favoritos, colecciones e historial de descargas se conservan.",
                ],
              },
              {
                id: "invoices",
                question: "¿Dónde están mis facturas?",
                answer: ["Tienes todas tus facturas en el apartado Facturas de tu perfil, listas para descargar."],
              },
            ],
          },
          {
            id: "accounts",
            heading: "Tu cuenta",
            paragraphs: [],
            faq: [
              {
                id: "do-i-need-an-account",
                question: "¿Necesito una cuenta para descargar plantillas?",
                answer: [
                  `No. Sin cuenta puedes descargar ${f.downloads.guest} plantillas al mes. Con una cuenta gratuita llegas a ${f.downloads.free}, y además puedes guardar favoritos en colecciones y consultar tu historial de descargas.`,
                ],
              },
              {
                id: "create-account",
                question: "¿Cómo me creo una cuenta?",
                answer: [
                  `Regístrate con tu correo electrónico o con Google o Facebook. Si usas tu correo, te enviaremos un enlace de verificación, válido durante ${f.verificationLink}, para activar la cuenta. Para registrarte debes tener al menos ${f.minimumAge} años.`,
                ],
              },
              {
                id: "forgot-password",
                question: "He olvidado mi contraseña. ¿Qué hago?",
                answer: [
                  `Pulsa «¿Has olvidado tu contraseña?» en la página de inicio de sesión y te enviaremos por correo un enlace para crear una nueva. El enlace solo funciona una vez y caduca en ${f.resetLink}. Al cambiar la contraseña se cierra la sesión en todos tus dispositivos.`,
                ],
              },
              {
                id: "change-language",
                question: "¿Cómo cambio el idioma?",
                answer: [
                  "Usa el selector de idioma de la cabecera. Si has iniciado sesión, guardamos tu elección en tu cuenta.",
                ],
              },
              {
                id: "cannot-sign-in",
                question: "¿Por qué no puedo iniciar sesión?",
                answer: [
                  `Comprueba tu correo y tu contraseña, o restablece la contraseña. Si ves un mensaje que dice que tu cuenta está bloqueada, escríbenos a ${support}.`,
                ],
              },
            ],
          },
          {
            id: "help",
            heading: "Ayuda con tu cuenta",
            paragraphs: [],
            faq: [
              {
                id: "collections",
                question: "¿Cómo organizo mis favoritos en colecciones?",
                answer: [
                  `Abre Favoritos desde el menú de tu perfil, escribe un nombre en Nueva colección y pulsa Crear. El nombre puede tener hasta ${f.folderNameMax} caracteres y no puede repetir el de otra de tus colecciones (las mayúsculas no cuentan como diferencia). Puedes tener hasta ${f.maxFolders} colecciones.`,
                  "Para guardar una plantilla en una colección, pulsa Guardar en colección en la página de la plantilla o en su tarjeta de tus favoritos y elige la colección, o escribe allí un nombre nuevo para crear una colección que ya la contenga. Una plantilla guardada en una colección también se añade a tus favoritos.",
                  "Abre una colección para cambiarle el nombre o eliminarla. Al eliminar una colección sus plantillas no se pierden: siguen en tus favoritos.",
                ],
              },
              {
                id: "change-email",
                question: "¿Cómo cambio mi correo electrónico?",
                answer: [
                  `Entra en Ajustes de la cuenta, en tu perfil, escribe la dirección nueva en Correo electrónico y confírmalo con tu contraseña actual. Enviamos un enlace de confirmación a la dirección nueva, y tu cuenta solo pasa a usarla cuando sigues ese enlace, en un plazo de ${f.verificationLink}. Mientras tanto sigues usando tu dirección actual.`,
                  "Cuando se completa el cambio, avisamos a tu dirección anterior. Si el enlace no llega, puedes pedir otro pasado un minuto.",
                ],
              },
              {
                id: "profile-picture",
                question: "¿Qué imágenes puedo usar como foto de perfil?",
                answer: [
                  `Imágenes JPEG, PNG, WebP o GIF de hasta ${f.avatarMaxSize}. Súbela en Ajustes de la cuenta, en Foto de perfil: la recortamos en forma de cuadrado y la mostramos en la cabecera y en tu perfil. Puedes quitarla desde allí cuando quieras.`,
                  "Comprobamos el propio archivo, no su nombre: cualquier archivo que no sea uno de esos tipos de imagen se rechaza.",
                ],
              },
              {
                id: "interests",
                question: "¿Qué cambian mis intereses?",
                answer: [
                  "Cuando has iniciado sesión, la página de inicio empieza por una fila de plantillas populares de cada categoría o tema que elegiste, en el orden en que los elegiste, antes de las tendencias y las novedades.",
                  "Puedes cambiarlos en Ajustes de la cuenta, en Tus intereses, o con el enlace Cambiar tus intereses que aparece encima de esas filas. Hace falta al menos un interés; si tu cuenta no tiene ninguno, te pedimos que elijas al entrar en el sitio.",
                ],
              },
              {
                id: "download-history",
                question: "¿Dónde veo mi historial de descargas?",
                answer: [
                  "Descargas, en el menú de tu perfil, muestra todas las plantillas que has descargado con su color, categoría, fecha y licencia, de la más reciente a la más antigua o al revés, con botones para volver a descargarlas para PowerPoint, Presentaciones de Google o Keynote. También indica cuántas descargas has usado este mes.",
                  "La página Perfil incluye un gráfico de tus descargas por mes durante los últimos 12 meses; la barra rayada y con borde es el mes actual.",
                ],
              },
              {
                id: "sign-out-everywhere",
                question: "¿Cómo cierro la sesión en todos mis dispositivos?",
                answer: [
                  "Ve a Ajustes de la cuenta, a Dónde tienes la sesión iniciada: verás tus sesiones con el navegador, el dispositivo, cuándo se usó cada una por última vez y desde dónde, aproximadamente, se inició. Elige Cerrar sesión junto a una, o Cerrar las demás sesiones; la del dispositivo que estás usando sigue abierta.",
                  "Cambiar ahí la contraseña también cierra la sesión en todos los demás dispositivos. Si creas una contraseña nueva con un enlace de restablecimiento desde la página de inicio de sesión, se cierra la sesión en todos.",
                  "Cerrar sesión, en el menú de tu perfil, solo cierra la sesión en el dispositivo que estás usando.",
                ],
              },
              {
                id: "delete-account",
                question: "¿Cómo elimino mi cuenta?",
                answer: [
                  "Entra en Ajustes de la cuenta, en tu perfil, y en Eliminar cuenta confírmalo con tu contraseña. Al eliminar la cuenta se cancela al instante cualquier suscripción, sin reembolso, y se borran tus favoritos, tus colecciones y tu foto de perfil. No se puede deshacer.",
                  "Conservamos tus facturas, sin tus datos personales, porque la normativa contable nos obliga a ello. Puedes volver a registrarte con el mismo correo cuando quieras.",
                ],
              },
              {
                id: "contact-support",
                question: "¿Cómo me pongo en contacto con el soporte?",
                answer: [
                  `Envíanos un mensaje con nuestro formulario de contacto o escribe a ${support}. Respondemos en un plazo de dos días laborables, en español o en inglés. Los miembros con un plan Personal o Comercial tienen soporte prioritario: lo que envían con el formulario de contacto con la sesión iniciada se responde antes, en un día laborable. Si tu pregunta es sobre una plantilla, dinos cuál.`,
                ],
                links: [{ label: "Formulario de contacto", href: f.path("/contact-us") }],
              },
            ],
          },
          {
            id: "file-formats",
            heading: "Formatos de archivo",
            paragraphs: [],
            faq: [
              {
                id: "available-formats",
                question: "¿En qué formatos están las plantillas?",
                answer: [
                  "Las plantillas funcionan en PowerPoint, Presentaciones de Google (Google Slides) y Keynote. La página de cada plantilla muestra los formatos disponibles, con un botón de descarga para cada uno.",
                ],
              },
              {
                id: "powerpoint",
                question: "¿Qué recibo para PowerPoint?",
                answer: ["Un archivo .pptx estándar, totalmente editable en Microsoft PowerPoint."],
              },
              {
                id: "google-slides",
                question: "¿Cómo abro una plantilla en Presentaciones de Google?",
                answer: [
                  "Si la plantilla tiene versión para Presentaciones de Google, el botón abre un enlace que crea una copia en tu propio Google Drive.",
                  "Si no, recibes el archivo .pptx. Súbelo a Google Drive y ábrelo con Presentaciones de Google, o elige Archivo > Importar diapositivas en una presentación abierta.",
                ],
              },
              {
                id: "keynote",
                question: "¿Puedo usar las plantillas en Keynote?",
                answer: [
                  "Sí. Si la plantilla tiene versión para Keynote, recibes un archivo .key. Si no, recibes el archivo .pptx, que Keynote abre y convierte sin problema. La página de la plantilla te indica cuál de los dos vas a recibir.",
                ],
              },
              {
                id: "fonts",
                question: "¿Qué fuentes necesito?",
                answer: [
                  "Las fuentes que usa cada plantilla aparecen en su página. Instálalas antes de abrir el archivo para que las diapositivas se vean tal y como se diseñaron.",
                ],
              },
              {
                id: "colour-variants",
                question: "¿Qué son las variantes de color?",
                answer: [
                  "Muchas plantillas están disponibles en varias combinaciones de colores. Elige la que quieras en la página de la plantilla; descargar otro color de una plantilla que ya has descargado este mes no gasta ningún crédito.",
                ],
              },
            ],
          },
        ],
      },

      license: {
        title: "Licencias de las plantillas",
        metaDescription: `Qué puedes hacer con las plantillas de ${b} según la licencia gratuita, personal o comercial: atribución, trabajos para clientes y usos no permitidos.`,
        intro: `Cada plantilla que descargas de ${b} incluye una licencia, que depende del plan que tengas en el momento de la descarga. Aquí te explicamos, sin rodeos, qué te permite cada una.`,
        sections: [
          {
            id: "how-licences-work",
            heading: "Cómo funcionan las licencias",
            paragraphs: [
              ...common.ownership.paragraphs,
              "Tu licencia la determina el plan que tengas en el momento de la descarga, y queda registrada en tu historial de descargas. Si más adelante descargas la misma plantilla con otro plan, la nueva descarga tendrá la licencia de ese plan.",
            ],
          },
          licenceSection("free-licence", "free"),
          licenceSection("personal-licence", "personal"),
          licenceSection("commercial-licence", "commercial"),
          {
            id: "what-no-licence-allows",
            heading: common.prohibited.heading,
            paragraphs: common.prohibited.paragraphs,
            list: common.prohibited.items,
          },
          {
            id: "attribution",
            heading: common.attribution.heading,
            paragraphs: common.attribution.paragraphs,
            closing: common.noAttribution,
          },
          { id: "client-work", ...common.clientWork },
          { id: "when-your-plan-ends", ...common.afterPlanEnds },
          { id: "third-party-elements", ...common.thirdParty },
          {
            id: "licence-documents",
            heading: "Documentos de licencia",
            paragraphs: [
              "Descarga en PDF las licencias personal y comercial para guardarlas con los archivos de tu proyecto o enviárselas a un cliente. Estas licencias forman parte de nuestros Términos y condiciones.",
            ],
            links: [
              { label: "Licencia personal (PDF)", href: f.path("/pdf-license-personal") },
              { label: "Licencia comercial (PDF)", href: f.path("/pdf-license-commercial") },
              { label: "Términos y condiciones", href: f.path("/terms-conditions") },
            ],
          },
          { id: "questions", ...common.questions },
        ],
      },

      "terms-conditions": {
        title: "Términos y condiciones",
        metaDescription: `Las condiciones de uso de ${b}: cuentas, límites de descarga, planes y pagos, licencias, uso aceptable, derechos de autor y responsabilidad.`,
        intro: `Lee estas condiciones con atención. Son el acuerdo entre tú y ${b} cada vez que usas la web, tu cuenta o las plantillas que descargas.`,
        sections: [
          {
            id: "about-these-terms",
            heading: "Sobre estas condiciones",
            paragraphs: [
              `Estos Términos y condiciones regulan el uso de la web de ${b}, de tu cuenta y de todas las plantillas que descargues (en conjunto, «el Servicio»). Al usar el Servicio o crear una cuenta, los aceptas junto con nuestras licencias y nuestra Política de privacidad. Si no estás de acuerdo, te pedimos que no uses ${b}.`,
              `En estas condiciones, «${b}» y «nosotros» se refieren a quien opera ${b}, y «tú», a la persona que usa el Servicio.`,
            ],
            links: [
              { label: "Licencias de las plantillas", href: f.path("/license") },
              { label: "Política de privacidad", href: f.path("/privacy-policy") },
            ],
          },
          {
            id: "eligibility",
            heading: "Quién puede usar el Servicio",
            paragraphs: [
              `Para usar ${b} y crear una cuenta debes tener al menos ${f.minimumAge} años; al registrarte, confirmas que los tienes.`,
              "Si usas el Servicio en nombre de una empresa u otra organización, confirmas que estás autorizado para aceptar estas condiciones en su nombre.",
            ],
          },
          {
            id: "your-account",
            heading: "Tu cuenta",
            paragraphs: [
              "Puedes crear una cuenta con tu correo electrónico, que confirmarás mediante un enlace de verificación, o con Google o Facebook. Facilítanos datos correctos y mantenlos al día.",
              "Cada cuenta es para una sola persona. No compartas tu contraseña y avísanos en cuanto sospeches que otra persona ha usado tu cuenta. Eres responsable de lo que ocurra en ella, salvo que se deba a un fallo nuestro.",
            ],
          },
          {
            id: "downloads-and-allowances",
            heading: "Descargas y límites",
            paragraphs: ["Las descargas se cuentan por mes natural en tiempo universal coordinado (UTC):"],
            list: [
              `Sin cuenta: ${f.downloads.guest} descargas al mes de plantillas gratuitas.`,
              `Cuenta gratuita: ${f.downloads.free} descargas al mes de plantillas gratuitas. La licencia gratuita exige atribución.`,
              `Plan Personal: ${f.downloads.personal} descargas al mes, plantillas premium incluidas.`,
              "Plan Comercial: descargas ilimitadas, plantillas premium incluidas.",
            ],
            closing: [
              "Los contadores se reinician a las 00:00 UTC del día 1 de cada mes y las descargas no usadas no se acumulan. Volver a descargar una plantilla dentro del mismo mes, en cualquier color o formato, no gasta más créditos.",
              "Para que los límites sean justos para todos, podemos restringir las descargas que parezcan automatizadas o abusivas, como muchas descargas sin cuenta desde la misma red.",
            ],
          },
          {
            id: "plans-and-payments",
            heading: "Planes, precios y pagos",
            paragraphs: [
              `El plan Personal cuesta ${f.price.personalMonthly} al mes o ${f.price.personalYearly} al año, y el plan Comercial, ${f.price.commercialMonthly} al mes o ${f.price.commercialYearly} al año. Los precios están en dólares estadounidenses. El plan anual cuesta lo mismo que diez mensualidades, lo que supone un ahorro del ${f.annualSaving}.`,
              "Las suscripciones se renuevan automáticamente al final de cada periodo y se cargan en la tarjeta registrada hasta que las canceles. Los pagos los procesa nuestro proveedor de pagos conforme a sus propias condiciones.",
              "El paso del plan Personal al Comercial se aplica de inmediato, y la parte no consumida del periodo en curso se descuenta en la factura. El paso al plan Personal, o el cambio entre pago mensual y anual, se aplica en la siguiente renovación.",
              "Si falla el cobro de una renovación, lo reintentamos durante un breve plazo. Si sigue sin poder cobrarse, la suscripción termina y tu cuenta pasa a ser gratuita, sin que se borre nada de ella.",
              "Podemos cambiar los precios de periodos futuros. Te lo comunicaremos con antelación, y el nuevo precio solo se aplicará a partir de la renovación siguiente a ese aviso, de modo que puedas cancelar antes si lo prefieres.",
            ],
          },
          {
            id: "cancellation-and-refunds",
            heading: "Cancelación y reembolsos",
            paragraphs: [
              "Puedes cancelar en cualquier momento desde Facturación. Tu plan sigue activo hasta el final del periodo pagado y después tu cuenta pasa a ser gratuita. Hasta esa fecha puedes deshacer la cancelación.",
              "Como el Servicio te da acceso inmediato a contenido digital, no ofrecemos reembolsos, tampoco por la parte del periodo que quede tras cancelar. Cuando la normativa de consumo te reconozca un derecho de desistimiento, al suscribirte aceptas que el acceso empiece de inmediato y que, desde ese momento, pierdes ese derecho.",
              "Nada de lo dispuesto en este apartado afecta a los derechos de reembolso que te reconozca la ley y que no puedan excluirse.",
            ],
          },
          {
            id: "licences",
            heading: "Licencias",
            paragraphs: [
              "Las plantillas se licencian, no se venden. Cada descarga lleva la licencia gratuita, personal o comercial según el plan que tengas en ese momento, y las condiciones publicadas en nuestra página de licencias forman parte de estos términos.",
            ],
            links: [{ label: "Licencias de las plantillas", href: f.path("/license") }],
          },
          {
            id: "acceptable-use",
            heading: "Uso aceptable",
            paragraphs: ["Al usar el Servicio, no puedes:"],
            list: [
              "Revender, sublicenciar o redistribuir las plantillas, ni usarlas de ninguna forma que tu licencia no permita.",
              "Saltarte los límites de descarga o el acceso premium, por ejemplo con varias cuentas o borrando las cookies.",
              "Extraer contenido de la web de forma automatizada, descargar de forma masiva con herramientas automáticas o sobrecargar nuestros sistemas.",
              "Intentar acceder a cuentas, datos o sistemas que no son tuyos, ni comprometer la seguridad del Servicio.",
              "Compartir tu cuenta con otras personas ni vender el acceso a ella.",
              "Subir o enviar a través de nuestros formularios, incluidos el de contacto y tu perfil, nada ilegal, dañino o que vulnere derechos de terceros.",
            ],
          },
          {
            id: "intellectual-property",
            heading: "Propiedad intelectual",
            paragraphs: [
              `La web, el nombre y el logotipo de ${b}, las plantillas, sus vistas previas y el blog pertenecen a ${b} o a sus licenciantes y están protegidos por los derechos de autor y otras leyes. Aparte de la licencia que recibes con cada descarga, estas condiciones no te otorgan ningún derecho sobre ellos.`,
              "Lo que añades a una plantilla, como tus textos, datos e imágenes, sigue siendo tuyo. Si nos envías ideas o sugerencias, podremos usarlas sin ninguna obligación hacia ti.",
            ],
          },
          {
            id: "copyright-complaints",
            heading: "Reclamaciones por derechos de autor",
            paragraphs: [
              `Respetamos los derechos de los creadores. Si crees que algo publicado en ${b} infringe tus derechos de autor, envía una notificación a nuestro responsable de derechos de autor en ${f.copyrightEmail} con lo siguiente:`,
            ],
            list: [
              "Tu nombre, dirección postal, teléfono y correo electrónico.",
              "Una descripción de la obra que consideras infringida.",
              "La dirección (URL) del contenido de nuestra web que consideras infractor.",
              "Una declaración de que crees de buena fe que el uso no está autorizado por el titular de los derechos, su representante o la ley.",
              "Una declaración de que la información de tu notificación es exacta y de que eres el titular del derecho o estás autorizado para actuar en su nombre.",
              "Tu firma, manuscrita o electrónica.",
            ],
            closing: [
              "Revisaremos cada notificación y retiraremos o bloquearemos el acceso al contenido infractor. Si se retiró contenido tuyo y crees que fue un error, puedes enviar una contranotificación a la misma dirección. Cerramos las cuentas de quienes infrinjan reiteradamente los derechos de otras personas.",
            ],
          },
          {
            id: "third-party-services",
            heading: "Servicios de terceros",
            paragraphs: [
              "Algunas partes del Servicio dependen de otras empresas, como nuestro proveedor de pagos y, si decides usarlos, el inicio de sesión con Google y Facebook. Sus propias condiciones y políticas de privacidad rigen lo que hacen. No somos responsables de las webs a las que enlazamos.",
            ],
          },
          {
            id: "changes-to-the-service",
            heading: "Cambios en el Servicio",
            paragraphs: [
              "Añadimos plantillas nuevas cada semana y mejoramos el Servicio continuamente, así que las funciones y las plantillas pueden cambiar o retirarse. Una plantilla que ya hayas descargado sigue cubierta por su licencia aunque la retiremos del catálogo.",
              "Trabajamos para que el Servicio esté siempre disponible, pero no podemos garantizar que funcione sin interrupciones ni errores, por ejemplo durante tareas de mantenimiento.",
            ],
          },
          {
            id: "disclaimers",
            heading: "Exención de garantías",
            paragraphs: [
              "El Servicio y las plantillas se ofrecen tal cual y según disponibilidad. En la medida en que la ley lo permita, no damos más garantías que las recogidas en estas condiciones; en particular, no garantizamos que una plantilla sirva para un fin concreto.",
            ],
          },
          {
            id: "limitation-of-liability",
            heading: "Limitación de responsabilidad",
            paragraphs: [
              `En la medida en que la ley lo permita, nuestra responsabilidad total frente a ti por cualquier reclamación relacionada con el Servicio se limita al precio que pagaste por la compra a la que se refiera la reclamación o, si no nos has comprado nada, a ${f.liabilityCap}.`,
              "No respondemos de daños indirectos o consecuenciales, como el lucro cesante, la pérdida de datos o la interrupción de la actividad.",
              "Nada de lo dispuesto en estas condiciones limita la responsabilidad por muerte o lesiones causadas por negligencia, por fraude, ni ninguna otra responsabilidad o derecho del consumidor que la ley no permita limitar o excluir.",
            ],
          },
          {
            id: "termination",
            heading: "Suspensión y baja",
            paragraphs: [
              "Puedes dejar de usar el Servicio cuando quieras y eliminar tu cuenta desde tu perfil, tras confirmar tu contraseña. Al eliminarla se cancela de inmediato cualquier suscripción, sin reembolso.",
              "Podemos suspender o bloquear una cuenta que incumpla estas condiciones o las de la licencia, que ponga en riesgo a otras personas o al Servicio, o cuando la ley lo exija. Una cuenta bloqueada no puede iniciar sesión; si crees que nos hemos equivocado, ponte en contacto con nosotros.",
              "Las licencias de las presentaciones que creaste antes de la baja siguen vigentes, salvo que cerremos tu cuenta por incumplir las condiciones de la licencia. Los apartados que por su naturaleza deban mantenerse, como los de propiedad intelectual y responsabilidad, siguen en vigor tras la baja.",
            ],
          },
          {
            id: "changes-to-these-terms",
            heading: "Cambios en estas condiciones",
            paragraphs: [
              "Podemos actualizar estas condiciones, por ejemplo cuando cambie el Servicio o la ley. Publicaremos aquí la nueva versión con su fecha y, si los cambios son importantes, te avisaremos con antelación por correo electrónico o en la web. Si sigues usando el Servicio cuando entren en vigor, se aplicarán las nuevas condiciones; si no las aceptas, puedes cerrar tu cuenta.",
            ],
          },
          {
            id: "governing-terms",
            heading: "Condiciones aplicables y legislación",
            paragraphs: [
              "Estas condiciones, las de las licencias y la Política de privacidad constituyen el acuerdo completo entre tú y nosotros sobre el Servicio. Las publicamos en inglés y en español; se te aplica la versión del idioma en el que usas el Servicio.",
              "Si un tribunal declara nula alguna parte de estas condiciones, el resto seguirá en vigor. Que no ejerzamos un derecho de inmediato no significa que renunciemos a él.",
              "Estas condiciones no te privan de la protección que te otorgan las normas imperativas de consumo del país en el que resides, y puedes presentar tu reclamación ante sus tribunales.",
            ],
          },
          {
            id: "contact",
            heading: "Contacto",
            paragraphs: [
              `¿Tienes dudas sobre estas condiciones? Escríbenos a ${support}. Para reclamaciones por derechos de autor, escribe a ${f.copyrightEmail}.`,
            ],
          },
        ],
      },

      "privacy-policy": {
        title: "Política de privacidad",
        metaDescription: `Cómo recoge, usa y protege ${b} tus datos personales, cuánto tiempo los conservamos y cómo puedes ejercer tus derechos.`,
        intro: `Esta política explica qué datos personales recoge ${b} cuando usas la web, para qué los usamos, con quién los compartimos y qué opciones tienes. Recogemos los mínimos imprescindibles: sin rastreadores publicitarios ni cookies analíticas.`,
        sections: [
          {
            id: "who-we-are",
            heading: "Quiénes somos",
            paragraphs: [
              `${b} es el responsable del tratamiento de los datos personales que se tratan a través de la web. Para cualquier cuestión sobre esta política, puedes escribirnos a ${support}.`,
            ],
          },
          {
            id: "data-we-collect",
            heading: "Qué datos recogemos",
            paragraphs: ["Recogemos los siguientes datos:"],
            list: [
              "Datos de la cuenta: nombre, nombre de usuario, correo electrónico, contraseña (que guardamos solo como un hash seguro), foto de perfil, idioma, los intereses que elijas y tu plan. Si inicias sesión con Google o Facebook, recibimos de ellos tu nombre, tu correo y tu foto de perfil.",
              "Actividad en tu cuenta: favoritos, colecciones e historial de descargas (plantilla, color, formato, categoría, licencia y fecha).",
              "Datos de facturación: nombre y correo de facturación, dirección postal, país, ciudad y código postal, tu suscripción y tus facturas. Los pagos con tarjeta los gestiona nuestro proveedor de pagos; nosotros solo recibimos la marca de la tarjeta y sus cuatro últimos dígitos.",
              "Descargas sin cuenta: si descargas sin cuenta, una cookie firmada con un identificador aleatorio, junto con tu dirección IP, nos permite contar tus descargas del mes.",
              "Mensajes: lo que nos envías mediante el formulario de contacto (nombre, apellidos, correo electrónico y mensaje) o por correo electrónico.",
              "Dispositivos con la sesión iniciada: de cada sesión, el navegador y el sistema operativo que indica tu navegador, cuándo iniciaste sesión y cuándo la usaste por última vez, y la red desde la que la iniciaste (los tres primeros números de una dirección IPv4 o la primera mitad de una IPv6; nunca tu dirección IP completa). Los ves, y puedes cerrar cualquiera de ellas, en Ajustes de la cuenta.",
              "Registros del servidor: dirección IP, tipo de navegador, páginas solicitadas, fecha y hora, y detalles de los errores, sin direcciones de correo.",
            ],
            closing: ["No compramos datos sobre ti a otras empresas."],
          },
          {
            id: "how-we-use-data",
            heading: "Para qué los usamos",
            paragraphs: ["Usamos tus datos para:"],
            list: [
              "Crear y gestionar tu cuenta, permitirte iniciar sesión y mantenerla abierta.",
              "Servir tus descargas, aplicar tu límite mensual y registrar la licencia de cada descarga.",
              "Cobrar los pagos, gestionar tu suscripción y emitir las facturas.",
              "Personalizar las plantillas que te mostramos según los intereses que elijas.",
              "Responder a tus mensajes y darte soporte.",
              "Enviarte correos del servicio, como enlaces de verificación, restablecimientos de contraseña y avisos de facturación.",
              "Mantener la seguridad del Servicio, evitar el fraude y el abuso de los límites de descarga, y corregir errores.",
              "Saber qué plantillas gustan más, a partir del número de descargas y visitas, para ordenar las tendencias.",
            ],
          },
          {
            id: "legal-bases",
            heading: "Bases jurídicas",
            paragraphs: [
              "Según la normativa de protección de datos (como el RGPD), tratamos tus datos sobre estas bases:",
            ],
            list: [
              "Ejecución del contrato: para ofrecerte tu cuenta, tus descargas, tu suscripción y el soporte.",
              "Interés legítimo: para mantener la seguridad del Servicio, evitar abusos, contar las descargas sin cuenta y mejorar el catálogo, siempre ponderándolo con tus derechos.",
              "Obligación legal: para conservar las facturas y los registros contables y atender los requerimientos legítimos de las autoridades.",
              "Consentimiento: cuando te lo pedimos, por ejemplo si decides iniciar sesión con Google o Facebook. Puedes retirarlo en cualquier momento.",
            ],
          },
          {
            id: "sharing",
            heading: "Con quién los compartimos",
            paragraphs: [
              "Nunca vendemos tus datos personales. Solo los compartimos con proveedores que nos ayudan a prestar el Servicio y que únicamente pueden usarlos siguiendo nuestras instrucciones:",
            ],
            list: [
              "Nuestro proveedor de pagos, para cobrar los pagos y gestionar las suscripciones.",
              "Proveedores de alojamiento y almacenamiento, para mantener la web y guardar las plantillas y las fotos de perfil.",
              "Un proveedor de envío de correo electrónico, para mandar los correos del servicio.",
              "Google o Facebook, si decides iniciar sesión con ellos.",
              "Un proveedor de CAPTCHA, para proteger del spam los formularios de registro y de contacto.",
            ],
            closing: [
              "También podemos comunicar datos cuando la ley lo exija o para proteger los derechos y la seguridad de nuestros usuarios y del Servicio.",
            ],
          },
          {
            id: "international-transfers",
            heading: "Transferencias internacionales",
            paragraphs: [
              "Algunos de nuestros proveedores pueden tratar datos fuera de tu país, incluso fuera del Espacio Económico Europeo. En ese caso aplicamos las garantías que exige la ley, como las cláusulas contractuales tipo de la Comisión Europea.",
            ],
          },
          {
            id: "retention",
            heading: "Cuánto tiempo los conservamos",
            paragraphs: ["Conservamos los datos personales solo mientras los necesitamos:"],
            list: [
              "Datos de la cuenta, favoritos, colecciones e historial de descargas: mientras exista tu cuenta. Cuando la eliminas, borramos tus favoritos, tus colecciones, tu foto de perfil y tus sesiones, anonimizamos el resto en ese mismo momento y borramos la ficha de cliente que guarda de ti nuestro proveedor de pagos (nombre, correo, dirección de facturación y tarjetas). Si en ese momento no responde, lo seguimos intentando hasta borrarla.",
              `Registros nunca verificados: si nunca se sigue el enlace de verificación, la cuenta y sus datos se borran a los ${f.retention.unverifiedAccountDays} días del registro.`,
              "Facturas: durante el plazo que exige la normativa fiscal y contable, sin tus datos personales una vez eliminada la cuenta.",
              `Inicio de sesión: la cookie de sesión dura ${f.tokenCookieDays} días y el token de renovación, ${f.refreshTokenDays}; ambos se revocan al cerrar la sesión, al cerrar la de un dispositivo en Ajustes de la cuenta o al cambiar la contraseña. Los datos del dispositivo de una sesión se van con ella.`,
              `Registros de descargas sin cuenta: se borran en un plazo máximo de ${f.retention.guestDownloadsMonths} meses.`,
              `Registros del servidor: hasta ${f.retention.serverLogDays} días, o más si los necesitamos para investigar un incidente de seguridad.`,
              `Mensajes al soporte: hasta ${f.retention.supportMessageYears} años después de cerrar la conversación.`,
            ],
          },
          {
            id: "your-rights",
            heading: "Tus derechos",
            paragraphs: ["Tienes derecho a:"],
            list: [
              "Acceder a los datos personales que tenemos sobre ti y obtener una copia.",
              "Rectificar los datos incorrectos o incompletos; la mayoría puedes editarlos tú mismo en tu perfil.",
              "Suprimir tus datos; puedes eliminar tu cuenta tú mismo desde tu perfil.",
              "Limitar el tratamiento basado en nuestro interés legítimo u oponerte a él.",
              "Recibir los datos que nos facilitaste en un formato portable.",
              "Retirar tu consentimiento en cualquier momento, cuando sea la base del tratamiento.",
            ],
            closing: [
              `Para ejercer tus derechos, escríbenos a ${support}. Puede que te pidamos que acredites tu identidad, y te responderemos en el plazo de un mes. También puedes presentar una reclamación ante la autoridad de protección de datos; en España, la Agencia Española de Protección de Datos (AEPD).`,
            ],
          },
          {
            id: "security",
            heading: "Seguridad",
            paragraphs: [
              "Protegemos tus datos con conexiones cifradas (HTTPS), contraseñas guardadas como hashes robustos e irreversibles, cookies de sesión que los scripts de la página no pueden leer y un acceso a los datos personales limitado a quien lo necesita. Al cambiar tu contraseña se cierra la sesión en todos los dispositivos.",
            ],
          },
          {
            id: "age-requirement",
            heading: "Edad mínima",
            paragraphs: [
              `${b} es solo para mayores de ${f.minimumAge} años. No recogemos a sabiendas datos de personas menores; si crees que lo hemos hecho, escríbenos y los borraremos.`,
            ],
          },
          {
            id: "cookies",
            heading: "Cookies",
            paragraphs: [
              "Solo usamos las cookies estrictamente necesarias para prestar el Servicio: una para mantener tu sesión iniciada y otra para contar las descargas sin cuenta. Nuestra Política de cookies las detalla.",
            ],
            links: [{ label: "Política de cookies", href: f.path("/cookie-policy") }],
          },
          {
            id: "changes-to-this-policy",
            heading: "Cambios en esta política",
            paragraphs: [
              "Publicaremos aquí cualquier cambio con su nueva fecha y, si es importante, te avisaremos por correo electrónico o en la web antes de que entre en vigor.",
            ],
          },
          {
            id: "contact",
            heading: "Contacto",
            paragraphs: [`Para cualquier pregunta sobre tu privacidad, escríbenos a ${support}.`],
          },
        ],
      },

      "cookie-policy": {
        title: "Política de cookies",
        metaDescription: `${b} solo usa cookies estrictamente necesarias: una para tu sesión y otra para contar las descargas sin cuenta. Sin cookies publicitarias ni analíticas.`,
        intro: `${b} solo usa las cookies que necesita para funcionar. No usamos cookies publicitarias ni analíticas, así que no verás ningún aviso de cookies que aceptar.`,
        sections: [
          {
            id: "what-are-cookies",
            heading: "Qué son las cookies",
            paragraphs: [
              "Las cookies son pequeños archivos de texto que una web guarda en tu navegador y lee en visitas posteriores. Sirven, por ejemplo, para recordar que has iniciado sesión o para seguirte de una web a otra; nosotros solo las usamos para lo primero.",
            ],
          },
          {
            id: "cookies-we-use",
            heading: "Cookies que usamos",
            paragraphs: [
              "Todas nuestras cookies son estrictamente necesarias: sin ellas el Servicio no puede funcionar, por lo que la ley no exige tu consentimiento para usarlas.",
            ],
            list: [
              `${f.tokenCookie}: mantiene tu sesión iniciada. Contiene tu token de sesión, se crea al iniciar sesión y dura ${f.tokenCookieDays} días. Es httpOnly, así que los scripts de la página no pueden leerla, y en nuestra web pública solo viaja por conexiones seguras (HTTPS).`,
              "Cookie de descargas sin cuenta: cuenta las plantillas que descargas sin cuenta para aplicar el límite mensual. Contiene un identificador aleatorio y firmado que no dice nada de quién eres, es httpOnly y se conserva en tu navegador entre visitas hasta que caduca o la borras.",
              "Cookie de seguridad del inicio de sesión: mientras inicias sesión con Google o Facebook, una cookie de corta duración vincula tu solicitud con la respuesta del proveedor para protegerte de inicios de sesión falsificados. Se borra al terminar el inicio de sesión o al cabo de unos minutos.",
            ],
          },
          {
            id: "cookies-we-do-not-use",
            heading: "Cookies que no usamos",
            paragraphs: ["No usamos:"],
            list: [
              "Cookies publicitarias ni de retargeting. Los anuncios que se muestran a quienes navegan sin cuenta o con una cuenta gratuita no están personalizados y no crean cookies.",
              "Cookies analíticas ni de estadísticas, ni propias ni de terceros.",
              "Cookies de redes sociales ni píxeles de seguimiento.",
              "Ninguna cookie para el idioma: el idioma forma parte de la dirección (las páginas en inglés no llevan prefijo y las páginas en español empiezan por /es) y, si has iniciado sesión, tu elección se guarda en tu cuenta.",
            ],
          },
          {
            id: "third-party-services",
            heading: "Servicios de terceros",
            paragraphs: [
              "Algunas páginas usan servicios que pueden crear sus propias cookies estrictamente necesarias: el CAPTCHA que protege del spam los formularios de registro y de contacto, y nuestro proveedor de pagos en la página de pago, para prevenir el fraude. El inicio de sesión con Google o Facebook se hace en sus propias webs, conforme a sus políticas de cookies.",
            ],
          },
          {
            id: "managing-cookies",
            heading: "Cómo gestionar las cookies",
            paragraphs: [
              "Puedes consultar y borrar las cookies en la configuración de tu navegador, y también bloquearlas por completo. Si bloqueas nuestras cookies, no podrás mantener la sesión iniciada. Borrar la cookie de descargas sin cuenta no te da descargas extra, porque también limitamos las descargas sin cuenta por red.",
            ],
          },
          {
            id: "more-information",
            heading: "Más información",
            paragraphs: [
              `Nuestra Política de privacidad explica cómo tratamos los datos personales. Si tienes dudas sobre las cookies, escríbenos a ${support}.`,
            ],
            links: [{ label: "Política de privacidad", href: f.path("/privacy-policy") }],
          },
        ],
      },
    },
  };
}
