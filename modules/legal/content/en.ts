import type { LegalFacts } from "../facts.ts";
import type { LegalContent, LicenceCommon, LicenceKind, LicenceTerms } from "../types.ts";

/** English (British spelling) legal and help texts. */
export function englishContent(f: LegalFacts): LegalContent {
  const b = f.brand;
  const support = f.supportEmail;
  const credit = `Template by ${b}`;

  const licences: Record<LicenceKind, LicenceTerms> = {
    free: {
      name: "Free license",
      summary: `For guests and free accounts. It covers free templates and asks you to credit ${b}.`,
      appliesTo: "Free templates downloaded without an account or with a free account.",
      permitted: [
        "Use free templates in presentations for yourself, your studies, your job or your own business.",
        "Edit everything: text, colors, images, charts and layouts.",
        "Present, print, publish and share the presentations you make, including as PDF, images or video.",
        "Use the same template for as many of your own presentations as you like.",
      ],
      notIncluded: [
        "It does not cover premium templates, presentations you make for clients, or passing the license on to anyone else.",
      ],
      attributionShort: "Required: keep the final attribution slide",
    },
    personal: {
      name: "Personal license",
      summary: "For Personal subscribers. It covers every template, premium included, with no attribution.",
      appliesTo: "Templates downloaded while your account is on the Personal plan, monthly or yearly.",
      permitted: [
        "Use any template, free or premium, in presentations for yourself, your studies, your job or your own business.",
        `Leave out any mention of ${b}: no attribution is needed.`,
        "Edit everything: text, colors, images, charts and layouts.",
        "Present, print, publish and share the presentations you make, including as PDF, images or video.",
        "Use the same template for as many of your own presentations as you like.",
      ],
      notIncluded: [
        "It does not cover presentations you make for clients or handing editable files over to a client: that takes the Commercial license.",
        "It is personal to the account holder and cannot be transferred or shared.",
      ],
      attributionShort: "Not required",
    },
    commercial: {
      name: "Commercial license",
      summary:
        "For Commercial subscribers. Everything in Personal, plus presentations for clients and the right to pass the license on to them.",
      appliesTo: "Templates downloaded while your account is on the Commercial plan, monthly or yearly.",
      permitted: [
        "Everything the Personal license allows, with unlimited downloads.",
        "Create presentations for clients, paid or unpaid, as a freelancer, agency or studio.",
        "Deliver the finished, editable presentation files to your client.",
        "Transfer the license of a presentation you made to the client who receives it, so they can keep editing and using it.",
      ],
      notIncluded: [
        "A transferred license covers the presentation delivered to that client only. It does not let the client reuse the template for other presentations or pass it on.",
      ],
      attributionShort: "Not required, for you or your clients",
    },
  };

  const common: LicenceCommon = {
    ownership: {
      heading: "Ownership",
      paragraphs: [
        `${b} and its designers keep the copyright and all other rights in every template. A download gives you a non-exclusive, worldwide licence to use the template on the terms of your licence; it does not transfer ownership.`,
      ],
    },
    prohibited: {
      heading: "What no license allows",
      paragraphs: ["Whatever your plan, you may not:"],
      items: [
        "Sell, sublicense or give away the templates as templates, original or modified, on their own or in bundles, on any marketplace or website.",
        "Redistribute the downloaded files or make them available for others to download and reuse, for example through a public link or a shared template library. Sharing a presentation you have made is fine.",
        "Use a template or its graphics in a logo, trademark or brand identity, or register or claim them as your own work.",
        "Share your account or your downloads so that other people can use templates under your license.",
        "Use templates in content that is unlawful, defamatory, hateful or misleading, or that infringes anyone's rights.",
        "Download templates in bulk with automated tools, or use them to build a collection, dataset or competing service.",
      ],
    },
    attribution: {
      heading: "Attribution",
      paragraphs: [
        `Downloads made with the Free licence end with a slide that reads “${credit}”. Keep it whenever you present, share or publish the presentation. You can restyle it to match your design, as long as it stays at the end, visible and legible, and still names ${b}.`,
        `Where that slide cannot be shown, for example when you publish a single slide as an image, credit “${credit}” where credits usually go, such as the description, the caption or the credits.`,
      ],
    },
    noAttribution: [
      `No attribution is required. Downloads made with a Personal or Commercial plan do not include the ${b} slide, and you do not need to credit ${b} anywhere.`,
      "Templates you downloaded earlier with the Free license keep its attribution rule. Download them again while your plan is active to get a file and a license without it.",
    ],
    clientWork: {
      heading: "Work for clients",
      paragraphs: [
        "With the Commercial license you can use templates to create presentations for your clients and deliver them the finished presentation, including the editable PowerPoint, Keynote or Google Slides file.",
        "When you deliver a presentation you may transfer its license to your client, who may then edit, present and share that presentation. The client may not use the template for other presentations or redistribute it.",
        "Each presentation you deliver must be real, customized work: handing over an untouched template counts as redistributing it. The Free and Personal licenses do not cover client work.",
      ],
    },
    afterPlanEnds: {
      heading: "When your plan ends",
      paragraphs: [
        "Licenses do not expire. Presentations you made while your plan was active stay licensed for as long as you use them, even after you cancel or change plan.",
        "To start new presentations with premium templates, or new presentations for clients, you need an active Personal or Commercial plan again.",
      ],
    },
    thirdParty: {
      heading: "Fonts, images and other elements",
      paragraphs: [
        "Some templates use fonts, icons or photos from other creators under their own licenses, such as open font licenses. Those elements keep their license, and the template page lists the fonts used. You may use them inside your presentation, but not extract them to use or distribute separately unless their own license allows it.",
      ],
    },
    questions: {
      heading: "Questions",
      paragraphs: [
        `If you are not sure whether a use is covered, write to ${support} before you go ahead and we will tell you.`,
      ],
    },
  };

  const licenceSection = (id: string, kind: LicenceKind) => ({
    id,
    heading: licences[kind].name,
    paragraphs: [licences[kind].summary, `Applies to: ${licences[kind].appliesTo}`, "You can:"],
    list: licences[kind].permitted,
    closing: licences[kind].notIncluded,
  });

  return {
    updated: `Last updated: ${f.updated}`,
    lastUpdated: (month: string) => `Last updated: ${month}`,
    licences,
    licenceCommon: common,
    document: {
      documentType: "License terms",
      licensor: "Licensor",
      appliesTo: "Applies to",
      attribution: "Attribution",
      documentDate: "Document date",
      contact: "Contact",
      permitted: "What you may do",
      prohibited: "What you may not do",
      fullTerms: "Full terms",
      fullTermsText: `This document summarises the licence for your downloads. It forms part of the ${b} Terms and Conditions, which also apply. The current version of every licence is always on our Licence page.`,
      subject: (name) => `${name} for templates downloaded from ${b}`,
      page: (n, total) => `Page ${n} of ${total}`,
    },
    pages: {
      faq: {
        title: "Frequently asked questions",
        metaDescription: `${b} FAQ: download allowances, licences and attribution, plans and billing, help with your account, and PowerPoint, Google Slides and Keynote files.`,
        intro: `Quick answers to the questions we hear most often. Can't find yours? Write to ${support} and we'll get back to you.`,
        sections: [
          {
            id: "downloads-and-allowances",
            heading: "Downloads and allowances",
            paragraphs: [],
            faq: [
              {
                id: "how-many-downloads",
                question: "How many templates can I download?",
                answer: [
                  `Without an account you can download ${f.downloads.guest} templates a month. A free account gives you ${f.downloads.free} downloads a month of free templates. The Personal plan gives you ${f.downloads.personal} downloads a month and unlocks every premium template, and the Commercial plan gives you unlimited downloads.`,
                  "Allowances run by calendar month in Coordinated Universal Time (UTC).",
                ],
              },
              {
                id: "when-does-my-allowance-reset",
                question: "When does my download counter reset?",
                answer: [
                  "Your counter goes back to zero at 00:00 UTC on the 1st of every month, whatever day you signed up or subscribed. Unused downloads don't carry over to the next month.",
                ],
              },
              {
                id: "downloading-again",
                question: "Does downloading the same template again use another credit?",
                answer: [
                  "No. Once you've downloaded a template, downloading it again in the same month costs no credit, in any color and any format. One credit is always one template.",
                  "In a new month, the first download of that template counts again.",
                ],
              },
              {
                id: "downloads-left",
                question: "Where can I see how many downloads I have left?",
                answer: [
                  "When you're signed in, Downloads in your profile menu shows how many you've used this month out of your allowance. Your profile has your monthly statistics and your full download history, and the download panel on each template page shows when your allowance resets.",
                ],
              },
              {
                id: "limit-reached",
                question: "What happens when I reach my limit?",
                answer: [
                  `You can keep browsing, but new downloads have to wait until your counter resets on the 1st. Guests can create a free account to get ${f.downloads.free} downloads a month, and free accounts can upgrade to Personal (${f.downloads.personal} a month) or Commercial (unlimited) to carry on straight away.`,
                ],
              },
              {
                id: "premium-with-free-account",
                question: "Can I download premium templates with a free account?",
                answer: [
                  "Premium templates are included in the Personal and Commercial plans. Guests and free accounts can download every template marked as free.",
                ],
              },
            ],
          },
          {
            id: "licences-and-attribution",
            heading: "Licenses and attribution",
            paragraphs: [],
            faq: [
              {
                id: "which-licence",
                question: "Which license applies to my downloads?",
                answer: [
                  "The license comes from your plan at the moment you download. Guests and free accounts get the Free license, Personal subscribers the Personal license and Commercial subscribers the Commercial license. Your download history shows the license of every download.",
                ],
              },
              {
                id: "do-i-have-to-credit",
                question: `Do I have to credit ${b}?`,
                answer: [
                  `Only with the Free licence. Free downloads end with a slide that reads “${credit}”: keep it whenever you present or share the presentation.`,
                  "With the Personal and Commercial plans no attribution is needed, and the files you download don't include that slide.",
                ],
              },
              {
                id: "use-for-work",
                question: "Can I use the templates for work or for my business?",
                answer: [
                  "Yes. Every license lets you use templates in your own presentations, including those for your job, your studies or your own business. What no license allows is selling or sharing the templates themselves.",
                ],
              },
              {
                id: "presentations-for-clients",
                question: "Can I make presentations for my clients?",
                answer: [
                  "That takes the Commercial license. With it you can create presentations for clients, deliver the editable files and transfer the license of each presentation to the client who receives it. The Free and Personal licenses cover your own presentations only.",
                ],
              },
              {
                id: "sell-or-share-templates",
                question: "Can I sell or share the templates?",
                answer: [
                  "You can share the presentations you make, but not the templates as templates. You can't resell them, upload them to other websites or pass the original files on to other people, even modified or for free.",
                ],
              },
              {
                id: "full-licence",
                question: "Where can I read the full license?",
                answer: [
                  "The License page explains each license in detail, and you can download the Personal and Commercial licenses as PDF documents from there.",
                ],
              },
              {
                id: "licence-after-plan-ends",
                question: "Do my licenses stay valid after my plan ends or I close my account?",
                answer: [
                  "Yes. Licenses do not expire. Every download gets a license of the kind your plan gave at that moment, and a Personal or Commercial license stays valid after you cancel or change plan.",
                  "If you close your account, your licenses stay valid too, but they show only your initials from then on and their certificates can no longer be downloaded: download the certificates you need first.",
                ],
              },
              {
                id: "check-a-licence",
                question: "How can I show or check that a download is licensed?",
                answer: [
                  "Every license has a code of 20 letters and digits. Your profile lists your licenses, each with a PDF certificate that shows the code, the template, the kind of license and a QR code. A guest download's certificate can be downloaded only from the browser that made it.",
                  "Anyone, a client for example, can enter the code on the license check page, or scan the QR code, to see whether the license is valid, which template it covers, its kind, its date and its licensee. The project name you give a license is never shown there.",
                ],
                links: [{ label: "Check a license", href: f.path("/licence") }],
              },
            ],
          },
          {
            id: "plans-and-billing",
            heading: "Plans and billing",
            paragraphs: [],
            faq: [
              {
                id: "plan-prices",
                question: "How much do the plans cost?",
                answer: [
                  `Personal costs ${f.price.personalMonthly} a month or ${f.price.personalYearly} a year. Commercial costs ${f.price.commercialMonthly} a month or ${f.price.commercialYearly} a year. Prices are in US dollars.`,
                ],
              },
              {
                id: "yearly-saving",
                question: "How much do I save with yearly billing?",
                answer: [
                  `A yearly plan costs the same as ten monthly payments, so you get ${f.monthsFree} months free: a saving of ${f.annualSaving} compared with paying monthly.`,
                ],
              },
              {
                id: "payment-methods",
                question: "How can I pay?",
                answer: [
                  "We accept Visa, MasterCard and American Express cards. Payments are processed by our payment provider; we never see or store your full card number.",
                ],
              },
              {
                id: "change-plan",
                question: "Can I change my plan?",
                answer: [
                  "Yes, from Billing in your profile. Upgrading from Personal to Commercial takes effect immediately, and the unused part of your current period is credited on the invoice.",
                  "Moving down to Personal, or switching between monthly and yearly billing, takes effect at your next renewal.",
                ],
              },
              {
                id: "cancel-subscription",
                question: "How do I cancel my subscription?",
                answer: [
                  "Go to Billing in your profile and choose to cancel. Your plan stays active until the end of the period you've paid for, and then your account becomes a free account. Until that date you can renew with one click and nothing changes.",
                ],
              },
              {
                id: "refunds",
                question: "Can I get a refund?",
                answer: [
                  `No. Plans give you immediate access to digital downloads, so payments are non-refundable, including the rest of a period after you cancel. If you think you've been charged by mistake, write to ${support}.`,
                ],
              },
              {
                id: "failed-payment",
                question: "What happens if a renewal payment fails?",
                answer: [
                  "We retry the charge over the following days, and you can update your card in Billing at any time. If the payment still can't be collected, the subscription ends and your account becomes a free account. Your favorites, collections and download history are kept.",
                ],
              },
              {
                id: "invoices",
                question: "Where can I find my invoices?",
                answer: ["All your invoices are in the Invoices section of your profile, ready to download."],
              },
            ],
          },
          {
            id: "accounts",
            heading: "Your account",
            paragraphs: [],
            faq: [
              {
                id: "do-i-need-an-account",
                question: "Do I need an account to download templates?",
                answer: [
                  `No. Guests can download ${f.downloads.guest} templates a month. A free account raises that to ${f.downloads.free}, and lets you save favourites in collections and see your download history.`,
                ],
              },
              {
                id: "create-account",
                question: "How do I create an account?",
                answer: [
                  `Sign up with your e-mail address, or with Google or Facebook. If you use your e-mail address, we'll send you a verification link, valid for ${f.verificationLink}, to activate your account. You must be ${f.minimumAge} or older to sign up.`,
                ],
              },
              {
                id: "forgot-password",
                question: "I've forgotten my password. What can I do?",
                answer: [
                  `Choose "Forgot password" on the sign-in page and we'll e-mail you a link to set a new one. The link works once and expires after ${f.resetLink}. Changing your password signs you out on all your devices.`,
                ],
              },
              {
                id: "change-language",
                question: "How do I change the language?",
                answer: [
                  "Use the language picker in the header. When you're signed in, we save your choice to your account.",
                ],
              },
              {
                id: "cannot-sign-in",
                question: "Why can't I sign in?",
                answer: [
                  `Check your e-mail address and password, or reset your password. If you see a message saying that your account has been blocked, contact us at ${support}.`,
                ],
              },
            ],
          },
          {
            id: "help",
            heading: "Help with your account",
            paragraphs: [],
            faq: [
              {
                id: "collections",
                question: "How do I organize my favorites in collections?",
                answer: [
                  `Open Favorites from the profile menu, type a name under New collection and choose Create. A name can have up to ${f.folderNameMax} characters and must be different from your other collections' names (capital letters don't make a name different). You can keep up to ${f.maxFolders} collections.`,
                  "To save a template into a collection, choose Save to collection on the template's page or on its card in your favorites, then pick the collection, or type a new name there to create a collection with the template already in it. A template saved into a collection is also added to your favorites.",
                  "Open a collection to rename it or delete it. Deleting a collection doesn't remove its templates: they stay in your favorites.",
                ],
              },
              {
                id: "change-email",
                question: "How do I change my e-mail address?",
                answer: [
                  `Go to Account settings in your profile, enter the new address under E-mail address and confirm with your current password. We send a confirmation link to the new address, and your account only switches to it when you follow that link, within ${f.verificationLink}. Until then you keep using your current address.`,
                  "Once the change is made, we let your previous address know. If the link doesn't arrive, you can ask for a new one after a minute.",
                ],
              },
              {
                id: "profile-picture",
                question: "Which pictures can I use as my profile picture?",
                answer: [
                  `JPEG, PNG, WebP or GIF images of up to ${f.avatarMaxSize}. Upload one in Account settings, under Profile picture: we crop it to a square and show it in the header and on your profile. You can remove it there at any time.`,
                  "We check the file itself, not its name: anything that isn't one of those image types is refused.",
                ],
              },
              {
                id: "interests",
                question: "What do my interests change?",
                answer: [
                  "When you're signed in, the home page starts with a row of popular templates for each category or topic you chose, in the order you chose them, before the trending and newest templates.",
                  "Change them in Account settings, under Your interests, or with the Change your interests link above those rows. At least one interest is needed; if your account has none, we ask you to choose when you open the site.",
                ],
              },
              {
                id: "download-history",
                question: "Where can I see my download history?",
                answer: [
                  "Downloads, in the profile menu, lists every template you've downloaded with its color, category, date and license, newest or oldest first, with buttons to download it again for PowerPoint, Google Slides or Keynote. It also shows how many downloads you've used this month.",
                  "Your Profile page has a chart of your downloads per month over the last 12 months; the striped, outlined bar is the current month.",
                ],
              },
              {
                id: "sign-out-everywhere",
                question: "How do I sign out of all my devices?",
                answer: [
                  "Go to Account settings, under Where you're signed in: it lists your sessions with the browser, the device, when each was last active and roughly where it signed in from. Choose Sign out next to one, or Sign out of all other sessions; you stay signed in on the device you're using.",
                  "Changing your password there signs every other device out too. Setting a new password with a reset link from the sign-in page signs you out everywhere.",
                  "Sign out, in the profile menu, only signs out the device you're using.",
                ],
              },
              {
                id: "delete-account",
                question: "How do I delete my account?",
                answer: [
                  "Go to Account settings in your profile and, under Delete account, confirm with your password. Deleting your account cancels any subscription immediately, with no refund, and removes your favorites, collections and profile picture. It can't be undone.",
                  "We keep your invoices, without your personal details, because accounting law requires it. You can sign up again with the same e-mail address whenever you like.",
                ],
              },
              {
                id: "contact-support",
                question: "How do I contact support?",
                answer: [
                  `Send us a message with our contact form, or write to ${support}. We answer within two working days, in English or Spanish. Members on a Personal or Commercial plan have priority support: what they send through the contact form while logged in is answered first, within one working day. If your question is about a template, tell us which one.`,
                ],
                links: [{ label: "Contact us", href: f.path("/contact-us") }],
              },
            ],
          },
          {
            id: "file-formats",
            heading: "File formats",
            paragraphs: [],
            faq: [
              {
                id: "available-formats",
                question: "Which formats are the templates available in?",
                answer: [
                  "Templates work in PowerPoint, Google Slides and Keynote. Each template page shows the formats available and a download button for each one.",
                ],
              },
              {
                id: "powerpoint",
                question: "What do I get for PowerPoint?",
                answer: ["A standard .pptx file that is fully editable in Microsoft PowerPoint."],
              },
              {
                id: "google-slides",
                question: "How do I open a template in Google Slides?",
                answer: [
                  "When a template has a Google Slides version, the button opens a link that makes a copy in your own Google Drive.",
                  "Otherwise you get the .pptx file. Upload it to Google Drive and open it with Google Slides, or choose File > Import slides in an open presentation.",
                ],
              },
              {
                id: "keynote",
                question: "Can I use the templates in Keynote?",
                answer: [
                  "Yes. When a template has a Keynote version you get a .key file. Otherwise you get the .pptx file, which Keynote opens and converts for you. The template page tells you which one you'll get.",
                ],
              },
              {
                id: "fonts",
                question: "Which fonts do I need?",
                answer: [
                  "The fonts a template uses are listed on its page. Install them before you open the file so that the slides look exactly as designed.",
                ],
              },
              {
                id: "colour-variants",
                question: "What are color variants?",
                answer: [
                  "Many templates come in several color schemes. Choose one on the template page; downloading another color of a template you've already downloaded this month costs no credit.",
                ],
              },
            ],
          },
        ],
      },

      license: {
        title: "Template licenses",
        metaDescription: `What you can do with ${b} templates under the Free, Personal and Commercial licences: attribution, client work and what no licence allows.`,
        intro: `Every template you download from ${b} comes with a licence, and which one depends on your plan when you download it. Here is what each licence lets you do, in plain words.`,
        sections: [
          {
            id: "how-licences-work",
            heading: "How licenses work",
            paragraphs: [
              ...common.ownership.paragraphs,
              "Your license is set by your plan at the moment of the download, and your download history records it. If you download the same template later on another plan, the new download carries that plan's license.",
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
            heading: "License documents",
            paragraphs: [
              "Download the Personal and Commercial licenses as PDF documents to keep with your project files or send to a client. These licenses are part of our Terms and Conditions.",
            ],
            links: [
              { label: "Personal license (PDF)", href: f.path("/pdf-license-personal") },
              { label: "Commercial license (PDF)", href: f.path("/pdf-license-commercial") },
              { label: "Terms and Conditions", href: f.path("/terms-conditions") },
            ],
          },
          { id: "questions", ...common.questions },
        ],
      },

      "terms-conditions": {
        title: "Terms and Conditions",
        metaDescription: `The terms for using ${b}: accounts, download allowances, plans and payments, licences, acceptable use, copyright and liability.`,
        intro: `Please read these terms carefully. They are the agreement between you and ${b} whenever you use the website, your account or the templates you download.`,
        sections: [
          {
            id: "about-these-terms",
            heading: "About these terms",
            paragraphs: [
              `These Terms and Conditions govern your use of the ${b} website, your account and every template you download (together, "the Service"). By using the Service or creating an account you accept them, together with our licences and our Privacy Policy. If you do not agree, please do not use ${b}.`,
              `In these terms, "${b}", "we" and "us" mean the operator of ${b}, and "you" means the person using the Service.`,
            ],
            links: [
              { label: "Template licenses", href: f.path("/license") },
              { label: "Privacy Policy", href: f.path("/privacy-policy") },
            ],
          },
          {
            id: "eligibility",
            heading: "Who can use the Service",
            paragraphs: [
              `You must be ${f.minimumAge} or older to use ${b} and to create an account, and by signing up you confirm that you are.`,
              "If you use the Service on behalf of a company or other organisation, you confirm that you are authorised to accept these terms for it.",
            ],
          },
          {
            id: "your-account",
            heading: "Your account",
            paragraphs: [
              "You can create an account with your e-mail address, which you confirm through a verification link, or with Google or Facebook. Give us accurate details and keep them up to date.",
              "An account is for one person. Keep your password to yourself and tell us straight away if you think someone else has used your account. You are responsible for what happens in your account unless it happened because of our fault.",
            ],
          },
          {
            id: "downloads-and-allowances",
            heading: "Downloads and allowances",
            paragraphs: ["Downloads are counted per calendar month in Coordinated Universal Time (UTC):"],
            list: [
              `Guests (no account): ${f.downloads.guest} downloads a month of free templates.`,
              `Free account: ${f.downloads.free} downloads a month of free templates. The Free licence requires attribution.`,
              `Personal plan: ${f.downloads.personal} downloads a month, premium templates included.`,
              "Commercial plan: unlimited downloads, premium templates included.",
            ],
            closing: [
              "Counters reset at 00:00 UTC on the 1st of each month, and unused downloads do not carry over. Downloading a template again within the same month, in any color or format, costs no further credit.",
              "To keep the allowances fair, we may limit downloads that look automated or abusive, including many guest downloads from the same network.",
            ],
          },
          {
            id: "plans-and-payments",
            heading: "Plans, prices and payment",
            paragraphs: [
              `The Personal plan costs ${f.price.personalMonthly} a month or ${f.price.personalYearly} a year, and the Commercial plan ${f.price.commercialMonthly} a month or ${f.price.commercialYearly} a year. Prices are in US dollars. A yearly plan costs ten monthly payments, a saving of ${f.annualSaving}.`,
              "Subscriptions renew automatically at the end of each period and are charged to the card on file until you cancel. Payments are processed by our payment provider under its own terms.",
              "An upgrade from Personal to Commercial takes effect immediately and the unused part of the current period is credited on the invoice. A move down to Personal, or a switch between monthly and yearly billing, takes effect at the next renewal.",
              "If a renewal payment fails, we retry it for a short time. If it still fails, the subscription ends and your account becomes a free account; nothing in it is deleted.",
              "We may change prices for future periods. We will tell you in advance, and the new price applies only from your next renewal after that notice, so you can cancel before it does.",
            ],
          },
          {
            id: "cancellation-and-refunds",
            heading: "Cancellation and refunds",
            paragraphs: [
              "You can cancel at any time in Billing. Your plan stays active until the end of the period you have paid for and then your account becomes a free account. You can undo the cancellation before that date.",
              "Because the Service gives you digital content straight away, we do not offer refunds, including for the remainder of a period after you cancel. Where consumer law gives you a right of withdrawal, you agree when you subscribe that access starts immediately and that you lose that right once it does.",
              "Nothing in this section affects any right to a refund that the law gives you and that cannot be excluded.",
            ],
          },
          {
            id: "licences",
            heading: "Licenses",
            paragraphs: [
              "Templates are licensed, not sold. Each download carries the Free, Personal or Commercial license, depending on your plan at the time, and the license terms published on our License page form part of these terms.",
            ],
            links: [{ label: "Template licenses", href: f.path("/license") }],
          },
          {
            id: "acceptable-use",
            heading: "Acceptable use",
            paragraphs: ["When you use the Service, you must not:"],
            list: [
              "Resell, sublicense or redistribute templates, or use them in any way your license does not allow.",
              "Get around download allowances or premium access, for example with several accounts or by clearing cookies.",
              "Scrape the site, download in bulk with automated tools, or put an unreasonable load on our systems.",
              "Try to access accounts, data or systems that are not yours, or interfere with the security of the Service.",
              "Share your account with others or sell access to it.",
              "Upload or send anything unlawful, harmful or infringing through our forms, including the contact form and your profile.",
            ],
          },
          {
            id: "intellectual-property",
            heading: "Intellectual property",
            paragraphs: [
              `The website, the ${b} name and logo, the templates, their previews and the blog are owned by ${b} or its licensors and are protected by copyright and other laws. Apart from the licence you receive with each download, these terms give you no rights in them.`,
              "What you add to a template, such as your text, data and images, remains yours. If you send us ideas or feedback, we may use them without any obligation to you.",
            ],
          },
          {
            id: "copyright-complaints",
            heading: "Copyright complaints",
            paragraphs: [
              `We respect the rights of creators. If you believe that something on ${b} infringes your copyright, send a notice to our copyright agent at ${f.copyrightEmail} that includes:`,
            ],
            list: [
              "Your name, postal address, telephone number and e-mail address.",
              "A description of the work you believe has been infringed.",
              "The address (URL) of the material on our site that you believe infringes it.",
              "A statement that you believe in good faith that the use is not authorised by the copyright owner, its agent or the law.",
              "A statement that the information in your notice is accurate and that you are the owner of the right or authorised to act for the owner.",
              "Your physical or electronic signature.",
            ],
            closing: [
              "We will review each notice and remove or disable access to infringing material. If your material was removed and you believe that was a mistake, you can send a counter-notice to the same address. We close the accounts of people who repeatedly infringe the rights of others.",
            ],
          },
          {
            id: "third-party-services",
            heading: "Third-party services",
            paragraphs: [
              "Some parts of the Service rely on other companies, such as our payment provider and, if you choose to use them, Google and Facebook sign-in. Their own terms and privacy policies apply to what they do. We are not responsible for websites we link to.",
            ],
          },
          {
            id: "changes-to-the-service",
            heading: "Changes to the Service",
            paragraphs: [
              "We add new templates every week and keep improving the Service, so features and templates may change or be withdrawn. A template you have already downloaded stays licensed even if we remove it from the catalog.",
              "We work to keep the Service available but cannot promise that it will always be uninterrupted or error-free, for example during maintenance.",
            ],
          },
          {
            id: "disclaimers",
            heading: "Disclaimers",
            paragraphs: [
              "The Service and the templates are provided as they are and as available. To the extent the law allows, we give no warranties beyond those set out in these terms, including that a template will suit a particular purpose.",
            ],
          },
          {
            id: "limitation-of-liability",
            heading: "Limitation of liability",
            paragraphs: [
              `To the extent the law allows, our total liability to you for any claim arising from the Service is limited to the price you paid for the purchase the claim relates to or, if you have not bought anything from us, ${f.liabilityCap}.`,
              "We are not liable for indirect or consequential losses, such as lost profits, lost data or business interruption.",
              "Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or any other liability or consumer right that cannot be limited or excluded by law.",
            ],
          },
          {
            id: "termination",
            heading: "Suspension and termination",
            paragraphs: [
              "You can stop using the Service at any time and delete your account from your profile, after confirming your password. Deleting your account cancels any subscription immediately, without a refund.",
              "We may suspend or block an account that breaks these terms or the license terms, puts other people or the Service at risk, or when the law requires it. A blocked account cannot sign in; if you think we made a mistake, contact us.",
              "Licenses for presentations you made before termination continue, unless we terminated your account because you broke the license terms. Sections that by their nature should survive, such as intellectual property and liability, continue after termination.",
            ],
          },
          {
            id: "changes-to-these-terms",
            heading: "Changes to these terms",
            paragraphs: [
              "We may update these terms, for example when we change the Service or the law changes. We will publish the new version here with its date and, for important changes, tell you in advance by e-mail or on the site. If you keep using the Service after the changes take effect, the new terms apply; if you do not accept them, you can close your account.",
            ],
          },
          {
            id: "governing-terms",
            heading: "Governing terms and law",
            paragraphs: [
              "These terms, the license terms and the Privacy Policy are the whole agreement between you and us about the Service. We publish them in English and Spanish; the version in the language you use the Service in applies to you.",
              "If a court finds part of these terms invalid, the rest stays in force. If we do not enforce a right straight away, we have not given it up.",
              "These terms do not take away the protection given to you by the mandatory consumer laws of the country where you live, and you can bring a claim before the courts there.",
            ],
          },
          {
            id: "contact",
            heading: "Contact",
            paragraphs: [
              `Questions about these terms? Write to ${support}. For copyright complaints, write to ${f.copyrightEmail}.`,
            ],
          },
        ],
      },

      "privacy-policy": {
        title: "Privacy Policy",
        metaDescription: `How ${b} collects, uses and protects your personal data, how long we keep it and how to exercise your privacy rights.`,
        intro: `This policy explains what personal data ${b} collects when you use the website, why we use it, who we share it with and the choices you have. We collect as little as we can: no advertising trackers and no analytics cookies.`,
        sections: [
          {
            id: "who-we-are",
            heading: "Who we are",
            paragraphs: [
              `${b} is responsible, as the data controller, for the personal data processed through the website. You can reach us about anything in this policy at ${support}.`,
            ],
          },
          {
            id: "data-we-collect",
            heading: "What we collect",
            paragraphs: ["We collect the following data:"],
            list: [
              "Account data: name, username, e-mail address, password (stored only as a secure hash), profile picture, language, the interests you pick and your plan. If you sign in with Google or Facebook, we receive your name, e-mail address and profile picture from them.",
              "Activity in your account: favorites, collections and your download history (template, color, format, category, license and date).",
              "Billing data: billing name and e-mail address, postal address, country, city and postcode, your subscription and your invoices. Card payments are handled by our payment provider; we only receive the card brand and the last four digits.",
              "Guest downloads: when you download without an account, a signed cookie with a random identifier, together with your IP address, lets us count your downloads for the month.",
              "Messages: what you send us through the contact form (first name, last name, e-mail address and message) or by e-mail.",
              "Signed-in devices: for each session, the browser and operating system your browser reports, when you signed in and were last active, and the network you signed in from (the first three numbers of an IPv4 address, or the first half of an IPv6 address; never your full IP address). You see them, and can sign any of them out, in Account settings.",
              "Server logs: IP address, browser type, pages requested, date and time, and error details, with e-mail addresses removed.",
            ],
            closing: ["We do not buy data about you from other companies."],
          },
          {
            id: "how-we-use-data",
            heading: "How we use it",
            paragraphs: ["We use your data to:"],
            list: [
              "Create and run your account, sign you in and keep you signed in.",
              "Deliver downloads, apply your monthly allowance and record the license of each download.",
              "Take payments, manage your subscription and issue invoices.",
              "Personalize the templates we show you from the interests you choose.",
              "Answer your messages and give you support.",
              "Send service e-mails, such as verification links, password resets and billing notices.",
              "Keep the Service secure, prevent fraud and abuse of the allowances, and fix errors.",
              "Understand which templates are popular, using download and view counts, to rank trending templates.",
            ],
          },
          {
            id: "legal-bases",
            heading: "Legal bases",
            paragraphs: ["Under data protection law (such as the GDPR), we rely on:"],
            list: [
              "Contract: to provide your account, downloads, subscription and support.",
              "Legitimate interests: to keep the Service secure, prevent abuse, count guest downloads and improve the catalog, always weighed against your rights.",
              "Legal obligation: to keep invoices and accounting records and to answer lawful requests from authorities.",
              "Consent: where we ask for it, for example when you choose to sign in with Google or Facebook. You can withdraw it at any time.",
            ],
          },
          {
            id: "sharing",
            heading: "Who we share it with",
            paragraphs: [
              "We never sell your personal data. We share it only with providers who help us run the Service and who may use it only on our instructions:",
            ],
            list: [
              "Our payment provider, to take payments and manage subscriptions.",
              "Hosting and file storage providers, to run the website and store templates and profile pictures.",
              "An e-mail delivery provider, to send service e-mails.",
              "Google or Facebook, when you choose to sign in with them.",
              "A CAPTCHA provider, to protect the sign-up and contact forms from spam.",
            ],
            closing: [
              "We may also disclose data when the law requires it, or to protect the rights and safety of our users and of the Service.",
            ],
          },
          {
            id: "international-transfers",
            heading: "International transfers",
            paragraphs: [
              "Some of our providers may process data outside your country, including outside the European Economic Area. When they do, we use the safeguards the law requires, such as the European Commission's standard contractual clauses.",
            ],
          },
          {
            id: "retention",
            heading: "How long we keep it",
            paragraphs: ["We keep personal data only for as long as we need it:"],
            list: [
              "Account data, favorites, collections and download history: while your account exists. When you delete it, we remove your favorites, collections, profile picture and sessions and anonymise the rest straight away, and we delete the customer record our payment provider keeps about you (name, e-mail address, billing address and cards). If the provider cannot be reached at that moment, we keep trying until it is deleted.",
              `Sign-ups never verified: if the verification link is never followed, the account and its data are deleted ${f.retention.unverifiedAccountDays} days after you signed up.`,
              "Invoices: for as long as tax and accounting law requires, without your personal details once your account is deleted.",
              `Sign-in: the session cookie lasts ${f.tokenCookieDays} days and the refresh token ${f.refreshTokenDays} days; both are revoked when you sign out, sign a device out in Account settings or change your password. A session's device details go with the session.`,
              `Guest download records: deleted within ${f.retention.guestDownloadsMonths} months.`,
              `Server logs: up to ${f.retention.serverLogDays} days, or longer when we need them to investigate a security incident.`,
              `Messages to support: up to ${f.retention.supportMessageYears} years after the conversation ends.`,
            ],
          },
          {
            id: "your-rights",
            heading: "Your rights",
            paragraphs: ["You have the right to:"],
            list: [
              "Access the personal data we hold about you and get a copy of it.",
              "Correct data that is wrong or incomplete; you can edit most of it yourself in your profile.",
              "Delete your data; you can delete your account yourself from your profile.",
              "Restrict or object to processing based on our legitimate interests.",
              "Receive the data you gave us in a portable format.",
              "Withdraw your consent at any time, where we rely on it.",
            ],
            closing: [
              `To exercise your rights, write to ${support}. We may ask you to confirm your identity, and we answer within one month. You can also complain to your data protection authority; in Spain, the Agencia Española de Protección de Datos (AEPD).`,
            ],
          },
          {
            id: "security",
            heading: "Security",
            paragraphs: [
              "We protect your data with encrypted connections (HTTPS), passwords stored as strong one-way hashes, sign-in cookies that scripts on the page cannot read, and access to personal data limited to the people who need it. Changing your password signs you out on every device.",
            ],
          },
          {
            id: "age-requirement",
            heading: "Age requirement",
            paragraphs: [
              `${b} is only for people aged ${f.minimumAge} or over. We do not knowingly collect data from anyone younger; if you believe we have, contact us and we will delete it.`,
            ],
          },
          {
            id: "cookies",
            heading: "Cookies",
            paragraphs: [
              "We only use cookies that are strictly necessary to run the Service: one to keep you signed in and one to count guest downloads. Our Cookie Policy lists them.",
            ],
            links: [{ label: "Cookie Policy", href: f.path("/cookie-policy") }],
          },
          {
            id: "changes-to-this-policy",
            heading: "Changes to this policy",
            paragraphs: [
              "We will publish any change here with a new date and, if the change is important, tell you by e-mail or on the site before it takes effect.",
            ],
          },
          {
            id: "contact",
            heading: "Contact",
            paragraphs: [`For any question about your privacy, write to ${support}.`],
          },
        ],
      },

      "cookie-policy": {
        title: "Cookie Policy",
        metaDescription: `${b} only uses strictly necessary cookies: one to keep you signed in and one to count guest downloads. No advertising or analytics cookies.`,
        intro: `${b} only uses the cookies it needs to work. We don't use advertising or analytics cookies, so there is no cookie banner to click through.`,
        sections: [
          {
            id: "what-are-cookies",
            heading: "What cookies are",
            paragraphs: [
              "Cookies are small text files that a website stores in your browser and reads on later visits. They can remember that you are signed in, for example, or track you across websites; we only use them for the first kind of job.",
            ],
          },
          {
            id: "cookies-we-use",
            heading: "Cookies we use",
            paragraphs: [
              "All our cookies are strictly necessary: the Service cannot work without them, so the law does not require your consent for them.",
            ],
            list: [
              `${f.tokenCookie}: keeps you signed in. It holds your session token, is set when you sign in and lasts ${f.tokenCookieDays} days. It is httpOnly, so scripts on the page cannot read it, and on our live site it travels only over secure (HTTPS) connections.`,
              "Guest download cookie: counts the templates you download without an account, so we can apply the monthly guest allowance. It holds a random, signed identifier that says nothing about who you are, is httpOnly, and stays in your browser between visits until it expires or you delete it.",
              "Sign-in security cookie: while you sign in with Google or Facebook, a short-lived cookie links your request to the provider's answer to protect you against forged sign-ins. It is deleted when sign-in finishes, or after a few minutes.",
            ],
          },
          {
            id: "cookies-we-do-not-use",
            heading: "Cookies we don't use",
            paragraphs: ["We do not use:"],
            list: [
              "Advertising or retargeting cookies. The ads shown to guests and free accounts are not personalized and set no cookies.",
              "Analytics or statistics cookies, our own or anyone else's.",
              "Social media cookies or tracking pixels.",
              "A cookie for your language: the language is part of the address (English pages have no prefix, Spanish pages start with /es), and when you are signed in your choice is saved to your account.",
            ],
          },
          {
            id: "third-party-services",
            heading: "Third-party services",
            paragraphs: [
              "A few pages use services that may set their own strictly necessary cookies: the CAPTCHA that protects the sign-up and contact forms from spam, and our payment provider on the payment page, to prevent fraud. Sign-in with Google or Facebook takes place on their websites, under their cookie policies.",
            ],
          },
          {
            id: "managing-cookies",
            heading: "Managing cookies",
            paragraphs: [
              "You can see and delete cookies in your browser settings and block them altogether. If you block our cookies you will not be able to stay signed in. Deleting the guest download cookie does not give you extra downloads, because we also limit guest downloads per network.",
            ],
          },
          {
            id: "more-information",
            heading: "More information",
            paragraphs: [
              `Our Privacy Policy explains how we handle personal data. If you have questions about cookies, write to ${support}.`,
            ],
            links: [{ label: "Privacy Policy", href: f.path("/privacy-policy") }],
          },
        ],
      },
    },
  };
}
