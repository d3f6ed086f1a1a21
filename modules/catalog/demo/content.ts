/**
 * Slide text for the demo designs, grouped in "kits" by subject. Compact notation, parsed once:
 * "|" separates fields, ";" separates list entries and "~" separates the fields of an entry.
 * A kit may leave a field out; the generator then draws from the `general` kit.
 */

export type RawKit = {
  titles: string[];
  kickers: string[];
  subtitles: string[];
  /** "Title|text" */
  agenda: string[];
  /** "Title|bullet|bullet|bullet[|bullet]|note" */
  bullets?: string[];
  /** "Title|intro|heading|text|heading|text" */
  columns?: string[];
  /** "kicker|title|text|caption" */
  images?: string[];
  /** "title|value|label|text|v1|l1|v2|l2|v3|l3" */
  stats?: string[];
  /**
   * "title|unit|label,label,...|from|to|takeaway": time series (and labels starting with "^", an ordered
   * scale) run from -> to; other categories fall between the two.
   */
  bars?: string[];
  /** "title|label,label,...|takeaway" */
  pies?: string[];
  /** "title;date~title~text;..." */
  timelines?: string[];
  /** "title;step~text;..." */
  processes?: string[];
  /** "quote|author|role" */
  quotes?: string[];
  /** "title|subtitle|role,role,role,role" */
  teams?: string[];
  /** "title;col|col|col[|col];label|v|v[|v];..." (a leading "*" on a column marks the recommended one) */
  tables?: string[];
  /** Thank-you subtitles. */
  thanks?: string[];
};

export const KITS: Record<string, RawKit> = {
  general: {
    titles: ["Ideas Worth Sharing", "Our Year in Review", "Building What Comes Next", "A Fresh Perspective"],
    kickers: ["Presentation 2026", "Team meeting", "Quarterly update"],
    subtitles: [
      "A short, clear overview of where we are, what we learned and where we go next.",
      "Key facts, figures and decisions for the months ahead.",
      "Everything the team needs to know, on one page at a time.",
      "A fresh look at familiar problems, and what we can do about them.",
    ],
    agenda: [
      "Introduction|Who we are and why this matters",
      "Context|The situation today, in numbers",
      "Key findings|What the data tells us",
      "Our plan|Priorities for the next six months",
      "Resources|Budget, people and tools",
      "Next steps|Decisions we need today",
    ],
    bullets: [
      "What we learned this quarter|Customers value speed over extra features|Small, frequent releases reduced support tickets by a quarter|Teams that met weekly delivered more predictably|Clear owners made decisions faster|Focus beats volume: fewer projects, finished well.",
      "Our priorities for next year|Grow in the two regions where demand is strongest|Simplify onboarding to under ten minutes|Invest in training for every team lead|Measure satisfaction every month, not every year|Three priorities, one shared scorecard.",
      "Key challenges|Rising costs for materials and shipping|Hiring experienced people takes longer than planned|Legacy tools slow down reporting|Competitors are lowering prices|Each challenge has an owner and a plan on the next slides.",
      "Why it matters|Better information leads to better decisions|Shared goals keep teams aligned|Small improvements compound over time|Customers notice consistency|Consistency is a competitive advantage.",
    ],
    columns: [
      "Two sides of the story|Every decision balances what we gain with what it costs.|Opportunities|New markets are opening, customers ask for more digital services and partners want to work with us.|Risks|Costs keep rising, timelines are tight and the team is already working at full capacity.",
      "Before and after|What changed once the new process was in place.|Before|Requests arrived by email, nobody knew who owned what and reports took a week to prepare.|After|One shared board, clear owners for every task and a live dashboard that updates itself.",
    ],
    images: [
      "Overview|A closer look at how we work|We combine careful research with fast experiments. Every idea is tested with real people before it becomes part of the plan, so we spend time only on what works.|Team workshop, spring 2026",
      "Case study|Small changes, visible results|A single improvement to the checkout page reduced abandoned carts and lifted sales within a month. The same approach now guides every project.|Before-and-after comparison",
    ],
    stats: [
      "Results that speak for themselves|87%|of customers would recommend us to a friend|Satisfaction grew for the third year in a row, with the biggest gains in response time and product quality.|4.8/5|average rating|12k|active users|24h|average response",
      "A year of steady growth|+32%|revenue growth compared with last year|Growth came from new customers and from existing ones buying more, while costs stayed flat.|18|new partners|3|new markets|96%|renewal rate",
    ],
    bars: [
      "Quarterly results|k|Q1,Q2,Q3,Q4|40|120|Every quarter beat the one before, with the strongest jump after the summer launch.",
      "Growth by year|%|2021,2022,2023,2024,2025|8|40|Growth has accelerated every year since we changed our pricing model.",
    ],
    pies: [
      "Where the budget goes|People,Technology,Marketing,Operations,Other|People and technology account for most of the spending, as planned.",
      "How people found us|Search,Social media,Referrals,Events|Referrals are our fastest-growing channel and the cheapest to scale.",
    ],
    timelines: [
      "Our journey so far;2019~The idea~A small team starts with one clear goal.;2021~First product~Launched to 100 early customers.;2023~Growing up~New office and a team of 40.;2025~Going global~Customers in 20 countries.;2026~What's next~New products and partnerships.",
    ],
    processes: [
      "How we work;Research~Understand the people and the problem before proposing anything.;Plan~Agree on goals, owners, budget and timeline.;Build~Deliver in short cycles and share progress every week.;Review~Measure results and decide what to improve next.",
    ],
    quotes: [
      "The best way to predict the future is to create it.|Peter Drucker|Management consultant and author",
      "Simplicity is the ultimate sophistication.|Leonardo da Vinci|Artist and inventor",
      "Alone we can do so little; together we can do so much.|Helen Keller|Author and activist",
    ],
    teams: [
      "Meet the team|A small group of people who care about doing things well.|Project lead,Design lead,Engineering lead,Operations",
    ],
    tables: [
      "Options at a glance;Criteria|Option A|*Option B|Option C;Cost|Low|Medium|High;Time to launch|6 months|3 months|2 months;Risk|High|Low|Medium;Team effort|Small|Medium|Large;Long-term value|Medium|High|Medium",
    ],
    thanks: [
      "Questions, ideas or feedback? We would love to hear from you.",
      "Thanks for your time. Let's keep the conversation going.",
    ],
  },

  pitch: {
    titles: [
      "Brightpath: Smarter Logistics for Small Shops",
      "Nestly: Home Care Made Simple",
      "Fieldnote: AI Notes for Busy Teams",
      "Verdant: Fresh Food, Zero Waste",
    ],
    kickers: ["Investor presentation 2026", "Seed round pitch", "Series A deck"],
    subtitles: [
      "How we help independent retailers ship faster, cheaper and greener.",
      "The simplest way for families to find and manage trusted care at home.",
      "We turn every meeting into clear notes, decisions and next steps automatically.",
      "Groceries that would go to waste, delivered to your door at half the price.",
    ],
    agenda: [
      "The problem|Why the current way costs time and money",
      "Our solution|One product that fixes it end to end",
      "Market|A large market that is growing fast",
      "Traction|Paying customers and strong monthly growth",
      "Business model|How we make money and why it scales",
      "The ask|The round we are raising and what it unlocks",
    ],
    bullets: [
      "The problem|Small businesses pay up to 40% more for the same service|Owners lose six hours a week to manual work|Existing tools are built for large companies|Customers expect speed and transparency|A painful, expensive problem that nobody has solved for small teams.",
      "Why now|Cloud tools are finally affordable for small teams|Customers buy online more than ever|New APIs make integrations quick and cheap|Investors and partners are looking for efficient growth|The timing has never been better.",
      "Our competitive edge|Setup in minutes, not weeks|Pooled pricing that large players cannot match|A product people actually enjoy using|A team with deep industry experience|Hard to copy: network effects grow with every new customer.",
    ],
    columns: [
      "Problem and solution|We started with a simple question: why is this still so hard?|The problem|Fragmented tools, hidden fees and hours of manual work every week, with no single place to see what is going on.|Our solution|One simple platform that connects everything, automates the busywork and shows the full picture in real time.",
    ],
    images: [
      "Product|Built for the back room, loved by the front desk|Orders flow in automatically, tasks are created for the right person and every customer gets updates without anyone lifting a finger.|Product dashboard",
      "How it works|Designed with our first 100 customers|Every feature started as a request from a real customer. We shipped weekly, measured everything and kept only what made a difference.|Customer interview session",
    ],
    stats: [
      "Traction|$1.2M|annual recurring revenue after 18 months|Growth has been almost entirely organic, driven by word of mouth and our app store listing.|2,400|paying customers|38%|monthly growth|92%|retention",
      "Market opportunity|$42B|total addressable market|Our first segment alone is worth $3.8B, and it is growing 11% a year.|$3.8B|serviceable market|11%|annual growth|1.2M|target businesses",
    ],
    bars: [
      "Monthly recurring revenue|$k|Jan,Feb,Mar,Apr,May,Jun|40|110|Revenue more than doubled in six months, with no paid marketing.",
      "Customers by quarter|k|Q1,Q2,Q3,Q4,Q5|0.3|2.4|Customer numbers grew every quarter since launch.",
    ],
    pies: [
      "Use of funds|Product and engineering,Sales and marketing,Operations,Reserve|Most of the round goes into product and the teams that sell it.",
    ],
    timelines: [
      "Roadmap to Series A;Q1~Launch v2~New dashboard and mobile app.;Q2~Partnerships~Integrations with the top three platforms.;Q3~New market~Launch in Spain and Germany.;Q4~Scale~10,000 paying customers.",
    ],
    processes: [
      "Business model;Free trial~14 days with every feature, no card needed.;Subscription~Monthly plans from $19, billed per location.;Add-ons~Premium services for growing customers.;Expansion~Customers add locations and seats over time.",
    ],
    quotes: [
      "This cut our costs by a third and gave me my weekends back.|Lucía Romero|Founder, Casa Lúa ceramics",
      "The first tool our whole team actually wanted to use.|James Whitfield|Operations manager, Northwind Supply",
    ],
    teams: [
      "The team|Operators and engineers who have done this before.|Chief Executive Officer,Chief Technology Officer,Head of Operations,Head of Growth",
    ],
    tables: [
      "How we compare;Feature|*Us|Legacy software|Do it yourself;Setup time|5 minutes|2 weeks|Days;Price|From $19/mo|$299/mo|Free;Automation|Full|Partial|None;Support|24/7 chat|Email|None;Integrations|30+|5|Manual",
    ],
    thanks: [
      "We are raising $3M to reach 20,000 customers. Let's talk.",
      "Join us in building the future of small business.",
    ],
  },

  business: {
    titles: [
      "Business Plan 2026",
      "Growth Strategy 2026-2028",
      "Strategic Plan for the Next Three Years",
      "Opening Our Second Location",
    ],
    kickers: ["Business plan", "Strategy review", "Board meeting"],
    subtitles: [
      "Our market, our model and the numbers behind the next three years.",
      "Where we are today, where we want to be and how we will get there.",
      "A clear plan for sustainable, profitable growth.",
      "Why a second store, why now and what it will take.",
    ],
    agenda: [
      "Executive summary|The plan on one page",
      "Market analysis|Size, trends and customers",
      "Competition|Who else is out there and how we differ",
      "Strategy|Goals and the initiatives behind them",
      "Operations|Team, suppliers and processes",
      "Financial plan|Revenue, costs and break-even",
    ],
    bullets: [
      "Executive summary|We sell premium products to a loyal, growing customer base|Revenue grew 28% last year with healthy margins|The plan focuses on two new channels and one new region|Break-even for the expansion is expected within 14 months|A focused plan built on proven demand.",
      "Strengths and weaknesses|Strong brand and loyal customers|Experienced management team|Limited online presence today|Dependence on two key suppliers|Build on strengths; fix the two weaknesses first.",
      "Opportunities and threats|Growing demand for sustainable products|New online marketplaces in our segment|Rising material and energy costs|New low-cost competitors|The opportunities outweigh the threats if we move this year.",
    ],
    columns: [
      "SWOT in two columns|Internal factors we control and external factors we must respond to.|Internal|Strong brand, loyal customers and an experienced team, held back by a small online presence and reliance on two suppliers.|External|Growing demand and new marketplaces open doors, while rising costs and low-cost competitors put pressure on margins.",
      "Mission and vision|What we do every day and where it leads.|Our mission|Make high-quality, sustainable products accessible to every household in our region.|Our vision|Become the most trusted name in our category within five years.",
    ],
    images: [
      "Market|Customers want quality they can trust|Our research with 600 customers shows that reliability and sustainability matter more than price for the segment we serve.|Customer research, 2025",
      "Operations|A lean, reliable supply chain|Three regional suppliers, one central warehouse and next-day delivery in every city we serve.|Central warehouse",
    ],
    stats: [
      "Market size|$8.6B|total market in our region|The segment we target is growing twice as fast as the market as a whole.|$1.4B|target segment|9%|annual growth|32%|buy online",
      "Financial highlights|28%|revenue growth last year|Margins improved while we kept investing in the team and the brand.|41%|gross margin|14 mo|to break-even|3.2x|return on investment",
    ],
    bars: [
      "Revenue forecast|$M|2025,2026,2027,2028|2|9|Revenue is expected to triple by 2028 as new channels mature.",
      "Costs by quarter|$k|Q1,Q2,Q3,Q4|120|260|Costs rise with the expansion but stay below revenue growth.",
    ],
    pies: [
      "Revenue by channel|Stores,Online shop,Marketplaces,Wholesale|Online channels will reach 40% of revenue by 2027.",
    ],
    timelines: [
      "Implementation plan;Q1~Foundation~Hire key roles and sign suppliers.;Q2~Launch~Open the online shop and marketplaces.;Q3~Expand~Second location opens.;Q4~Review~Measure results and adjust the plan.",
    ],
    processes: [
      "Our strategy in four steps;Focus~Double down on our best-selling products.;Reach~Open two new online channels.;Expand~Enter one new region with proven demand.;Optimize~Cut costs through better purchasing.",
    ],
    quotes: [
      "Strategy is about making choices, trade-offs; it's about deliberately choosing to be different.|Michael Porter|Professor, Harvard Business School",
    ],
    teams: [
      "Management team|The people accountable for delivering the plan.|Managing Director,Finance Director,Operations Manager,Marketing Manager",
    ],
    tables: [
      "Competitive landscape;Factor|*Our company|Competitor A|Competitor B;Price|Mid-range|Low|High;Quality|High|Medium|High;Delivery|Next day|3-5 days|2 days;Sustainability|Certified|No|Partial;Customer service|Excellent|Average|Good",
    ],
    thanks: ["Thank you. We welcome your questions and feedback on the plan."],
  },

  company: {
    titles: [
      "Northwind Studio: Company Profile",
      "Who We Are",
      "Meridian Consulting Group",
      "Crafting Spaces Since 2008",
    ],
    kickers: ["Company profile", "About us", "Corporate overview"],
    subtitles: [
      "A design and engineering partner for ambitious brands.",
      "Twenty years of helping companies grow with confidence.",
      "Our story, our services and the people behind them.",
      "Interior design and build for homes, offices and shops.",
    ],
    agenda: [
      "About us|Our story and what drives us",
      "Services|What we do for our clients",
      "Clients|Who we work with",
      "Results|Numbers and case studies",
      "Team|The people behind the work",
      "Contact|How to start working together",
    ],
    bullets: [
      "What we do|Strategy and research for new products|Brand identity and design systems|Web and mobile development|Ongoing support and optimization|One team from the first idea to launch and beyond.",
      "Our values|We keep our promises|We say what we think, kindly|We learn something new every week|We leave every project better than we found it|Values we hire for and work by.",
      "Why clients choose us|Senior people on every project|Fixed prices and clear timelines|Proven process with measurable results|Long-term partnerships, not one-off jobs|Nine out of ten clients come back for a second project.",
    ],
    columns: [
      "Mission and vision|The reasons we get up in the morning.|Mission|Help our clients build products and brands people love, with honest advice and excellent craft.|Vision|Be the partner ambitious companies call first when they want to do something new.",
    ],
    images: [
      "Our story|From a two-person studio to a team of 60|We started in 2008 with one client and a shared desk. Today we work with brands on four continents, but we still treat every project like our first.|Our first office, 2008",
      "Our office|A space designed for collaboration|Open studios, quiet rooms and a workshop where ideas become prototypes in days, not months.|Studio in Barcelona",
    ],
    stats: [
      "Our numbers|350+|projects delivered since 2008|Across retail, finance, health and education, for start-ups and global brands alike.|60|team members|12|countries|94%|repeat clients",
    ],
    bars: [
      "Projects delivered per year||2021,2022,2023,2024,2025|30|70|Demand has grown every year, mostly through referrals.",
    ],
    pies: ["Clients by industry|Retail,Finance,Health,Education,Other|A balanced portfolio keeps us resilient."],
    timelines: [
      "Our history;2008~Founded~Two partners open a small studio.;2012~First big client~A national retail brand.;2016~New services~Digital and product design.;2020~Remote-first~A team across five countries.;2025~60 people~Offices in Barcelona and London.",
    ],
    processes: [
      "How we work with clients;Discover~Workshops to understand goals and users.;Define~A clear scope, budget and timeline.;Design and build~Weekly demos, no surprises.;Launch and grow~Support, measurement and improvements.",
    ],
    quotes: [
      "They understood our business better than we did, and it shows in the results.|Sarah Lindqvist|CEO, Lindqvist Home",
    ],
    teams: [
      "Leadership|Experienced people who still love the work.|Founder and CEO,Creative Director,Head of Technology,Client Services Director",
    ],
    tables: [
      "Service packages;Included|Starter|*Growth|Enterprise;Strategy workshop|1 day|3 days|Ongoing;Design|Brand basics|Full identity|Design system;Development|Website|Website and app|Platform;Support|1 month|6 months|12 months;Price|From $8k|From $25k|Custom",
    ],
    thanks: ["Let's build something great together."],
  },

  sales: {
    titles: ["Q3 Sales Report", "Sales Performance Review 2025", "Regional Sales Update", "Sales Kickoff 2026"],
    kickers: ["Quarterly sales report", "Sales review", "Sales kickoff"],
    subtitles: [
      "Results, pipeline and priorities for the next quarter.",
      "What we achieved this year and what we learned.",
      "How each region performed and what we will change.",
      "Targets, territories and the plays that will get us there.",
    ],
    agenda: [
      "Highlights|The quarter in one slide",
      "Results by region|Where we grew and where we fell short",
      "Pipeline|Deals, stages and forecast",
      "Top accounts|Wins and renewals",
      "Lessons learned|What worked and what did not",
      "Next quarter|Targets and priorities",
    ],
    bullets: [
      "Quarter highlights|Revenue up 18% against the same quarter last year|Three enterprise deals closed ahead of schedule|Average deal size grew to $24,000|Sales cycle shortened by nine days|Our best quarter since the team was formed.",
      "What worked|Shorter demos focused on one problem|Partner referrals in the retail sector|Quarterly business reviews with top accounts|A clearer pricing page|We will double down on all four next quarter.",
      "What we will improve|Follow-up speed after trade shows|Handover from sales to onboarding|Forecast accuracy in the mid-market team|Use of the CRM for every deal|Each improvement has an owner and a deadline.",
    ],
    columns: [
      "New business and renewals|Two engines of growth, both ahead of plan.|New business|42 new customers, led by the retail and hospitality segments, with an average contract of $19,000.|Renewals|96% of revenue renewed, and 31 customers upgraded to a larger plan.",
    ],
    images: [
      "Top win|Northwind Retail chooses us for 120 stores|After a three-month pilot in twelve stores, Northwind rolled out our platform across the country. It is our largest contract to date.|Pilot store in Denver",
    ],
    stats: [
      "Quarter at a glance|$2.8M|revenue closed this quarter|18% above the same quarter last year and 6% above target.|124|deals won|$24k|average deal|31%|win rate",
    ],
    bars: [
      "Revenue by month|$k|Jul,Aug,Sep,Oct,Nov,Dec|380|620|Every month beat the one before, with a strong finish in December.",
      "Sales by region|$k|North,South,East,West,Central|300|900|Every region contributed; the top performer is highlighted.",
    ],
    pies: [
      "Revenue by product|Core platform,Add-ons,Services,Training|The core platform drives most revenue; add-ons are growing fastest.",
    ],
    timelines: [
      "Deal timeline: Northwind Retail;Jan~First call~Introduced by a partner.;Mar~Pilot~12 stores, 3 months.;Jun~Results~Sales up 9% in pilot stores.;Jul~Contract~Rollout to 120 stores.",
    ],
    processes: [
      "Our sales process;Prospect~Qualify leads with a clear fit score.;Discover~Understand the problem and the budget.;Demo~Show one problem solved, not every feature.;Close~Clear proposal, simple contract, fast signature.;Grow~Quarterly reviews and upgrades.",
    ],
    quotes: [
      "Every sale has five basic obstacles: no need, no money, no hurry, no desire, no trust.|Zig Ziglar|Author and salesman",
    ],
    teams: [
      "Sales leadership|The people behind the numbers.|VP of Sales,Enterprise Lead,Mid-Market Lead,Sales Operations",
    ],
    tables: [
      "Targets by region;Region|Q3 target|Q3 actual|*Q4 target;North|$800k|$910k|$950k;South|$600k|$560k|$650k;East|$700k|$740k|$800k;West|$500k|$590k|$620k",
    ],
    thanks: ["Thank you, team. Let's make next quarter even better."],
  },

  finance: {
    titles: ["Annual Report 2025", "Financial Results FY2025", "Budget Proposal 2026", "Investor Update: Full Year"],
    kickers: ["Annual report", "Financial review", "Investor relations"],
    subtitles: [
      "A year of resilient growth, disciplined spending and long-term investment.",
      "Revenue, profit, cash flow and the outlook for next year.",
      "How we plan to allocate resources in the coming fiscal year.",
      "Full-year results and guidance for shareholders.",
    ],
    agenda: [
      "Letter from the CEO|The year in perspective",
      "Highlights|Key figures at a glance",
      "Financial results|Revenue, margins and profit",
      "Cash flow|Where the money came from and went",
      "Investments|Projects funded this year",
      "Outlook|Guidance for next year",
    ],
    bullets: [
      "Year in review|Revenue grew 14% to $86 million|Operating margin improved by two points|Net debt fell by a third|We invested $9 million in new capacity|A strong year that positions us well for the next one.",
      "Priorities for next year|Keep revenue growth above 10%|Hold operating costs flat in real terms|Complete the new distribution center|Return 30% of profit to shareholders|Growth, discipline and returns, in that order.",
      "Risks we are watching|Interest rates and financing costs|Currency swings in our export markets|Energy prices|Customer concentration in two sectors|Each risk is reviewed by the board every quarter.",
    ],
    columns: [
      "Revenue and costs|Both lines moved in the right direction.|Revenue|Up 14% to $86 million, driven by volume growth in our core markets and a successful price review.|Costs|Up only 6%, thanks to better purchasing and the first savings from the automation program.",
    ],
    images: [
      "Investment|A new distribution center for faster delivery|The $9 million facility will cut delivery times by a day and reduce transport emissions by 20%.|Construction site, autumn 2025",
    ],
    stats: [
      "Financial highlights|$86M|revenue in fiscal year 2025|Up 14% on the previous year, with growth in every business unit.|$12.4M|net profit|18%|operating margin|$0.84|earnings per share",
    ],
    bars: [
      "Revenue over five years|$M|2021,2022,2023,2024,2025|52|86|Five consecutive years of growth.",
      "Operating expenses by quarter|$M|Q1,Q2,Q3,Q4|14|19|Costs stayed within budget every quarter.",
    ],
    pies: [
      "Revenue by business unit|Consumer,Professional,Services,International|The consumer business remains the largest, international the fastest growing.",
    ],
    timelines: [
      "Key moments of the year;Jan~New CFO~Joined from a global retailer.;Apr~Bond issue~$20M at a record low rate.;Jul~Acquisition~A regional competitor.;Nov~Dividend~Raised by 12%.",
    ],
    processes: [
      "Budget process;Targets~Board sets growth and margin targets.;Proposals~Each unit submits its plan.;Review~Finance challenges every assumption.;Approval~Final budget approved in December.",
    ],
    quotes: ["Beware of little expenses; a small leak will sink a great ship.|Benjamin Franklin|Writer and statesman"],
    teams: [
      "Finance team|The people who keep the numbers honest.|Chief Financial Officer,Financial Controller,Head of Treasury,Investor Relations",
    ],
    tables: [
      "Results summary;Metric|2024|*2025|Change;Revenue|$75.4M|$86.0M|+14%;Gross margin|39%|41%|+2 pts;Operating profit|$12.1M|$15.5M|+28%;Net profit|$9.6M|$12.4M|+29%;Cash|$18M|$23M|+28%",
    ],
    thanks: ["Thank you for your continued trust and support."],
  },

  project: {
    titles: [
      "Website Redesign Proposal",
      "Product Roadmap 2026",
      "Project Kickoff: Customer Portal",
      "Digital Transformation Program",
    ],
    kickers: ["Project proposal", "Roadmap", "Project kickoff"],
    subtitles: [
      "Scope, timeline, budget and team for the next phase.",
      "What we will build this year and why, quarter by quarter.",
      "Everything we need to agree on before the work starts.",
      "How we will modernize our tools and processes over the next 18 months.",
    ],
    agenda: [
      "Background|Why this project, why now",
      "Goals|What success looks like",
      "Scope|What is in and what is out",
      "Timeline|Phases and milestones",
      "Budget|Costs and resources",
      "Risks|What could go wrong and how we respond",
    ],
    bullets: [
      "Project goals|Cut the time to complete an order in half|Reach a satisfaction score of 4.5 out of 5|Reduce support calls by 30%|Launch before the peak season|Four measurable goals, reviewed every month.",
      "In scope|New design for all customer-facing pages|Self-service account area|Integration with the billing system|Training for the support team|Anything else goes to the next phase.",
      "Risks and mitigations|Delays in the billing integration: start it first|Changing requirements: one decision-maker per area|Team availability: confirm staffing this week|Budget overrun: monthly reviews with a 10% buffer|Risks are tracked in the project log.",
    ],
    columns: [
      "Current state and future state|Where we are and where the project takes us.|Today|Customers call or email for most requests, pages are slow on mobile and reports are built by hand.|After the project|Customers serve themselves in a fast portal, and dashboards update automatically.",
    ],
    images: [
      "Prototype|Tested with 40 customers before a line of code|We built a clickable prototype and tested it in two rounds. Task completion went from 62% to 94%.|Usability test, round two",
    ],
    stats: [
      "Expected impact|-50%|time to complete an order|Based on usability tests with the new prototype and benchmarks from similar projects.|30%|fewer support calls|4.5|target satisfaction|9 mo|payback period",
    ],
    bars: [
      "Budget by phase|$k|Discovery,Design,Build,Test,Launch|20|160|The largest phase is highlighted; every phase keeps a 10% buffer.",
    ],
    pies: [
      "Effort by team|Engineering,Design,Product,Quality assurance|Engineering carries most of the effort, design leads in the first phase.",
    ],
    timelines: [
      "Project timeline;Jan~Discovery~Interviews and requirements.;Feb~Design~Prototype and tests.;Apr~Build~Three development sprints.;Jun~Testing~Quality and user acceptance.;Jul~Launch~Go live and support.",
      "Product roadmap;Q1~Foundations~New data model and faster pages.;Q2~Self-service~Accounts, invoices and returns.;Q3~Mobile~Native apps for iOS and Android.;Q4~Insights~Dashboards and reports.",
    ],
    processes: [
      "Delivery approach;Plan~Two-week sprints with clear goals.;Build~Small, tested increments.;Demo~Stakeholder review every sprint.;Improve~Retrospective and backlog update.",
    ],
    quotes: ["Plans are of little importance, but planning is essential.|Winston Churchill|Statesman"],
    teams: ["Project team|Clear roles from day one.|Project Sponsor,Project Manager,Lead Designer,Lead Developer"],
    tables: [
      "Delivery options;Criteria|In-house|*Hybrid|Agency;Cost|$180k|$210k|$290k;Timeline|10 months|7 months|6 months;Control|High|High|Medium;Knowledge kept|Full|Most|Little",
    ],
    thanks: ["Thank you. We are ready to start as soon as we have your approval."],
  },

  tech: {
    titles: [
      "The Future of AI at Work",
      "Cloud Platform Overview",
      "Technology Trends 2026",
      "Cybersecurity Essentials",
    ],
    kickers: ["Technology briefing", "Tech talk", "Platform overview"],
    subtitles: [
      "What changes, what stays the same and how to prepare your team.",
      "Architecture, security and the roadmap for our platform.",
      "Ten trends that will shape how we build and buy technology.",
      "Simple habits that keep your company and your data safe.",
    ],
    agenda: [
      "Context|Where the technology stands today",
      "Key trends|What is changing and how fast",
      "Use cases|Where it creates real value",
      "Architecture|How the pieces fit together",
      "Security|Protecting data and people",
      "Roadmap|What we will ship next",
    ],
    bullets: [
      "Key trends for 2026|AI assistants built into everyday tools|Data platforms that unify analytics and operations|Security by default, with passwordless sign-in|Energy-efficient computing becomes a buying criterion|The winners will combine all four.",
      "Where AI helps today|Summarizing long documents and meetings|Drafting first versions of emails and reports|Answering customer questions around the clock|Spotting anomalies in data|Start with tasks that are frequent, boring and easy to check.",
      "Security checklist|Turn on multi-factor sign-in for everyone|Keep software and devices up to date|Back up critical data and test the restore|Train people to spot phishing|Most attacks start with a single click.",
    ],
    columns: [
      "Cloud and on-premises|Two ways to run the platform, each with its trade-offs.|Cloud|Fast to start, scales on demand and always up to date, with costs that grow with usage.|On-premises|Full control over data and hardware, predictable costs, but slower to change and harder to scale.",
    ],
    images: [
      "Platform|One platform, every team|Data, apps and automations live in one place, so teams stop copying information between tools and start using it.|Platform architecture overview",
    ],
    stats: [
      "Adoption|78%|of companies use AI in at least one business function|Up from 55% two years ago, with the fastest growth in customer service and marketing.|3.4x|productivity on routine tasks|40%|faster releases|60%|fewer incidents",
    ],
    bars: [
      "Cloud spending by year|$B|2021,2022,2023,2024,2025|400|720|Spending keeps growing as more workloads move to the cloud.",
    ],
    pies: [
      "Where teams use AI|Customer service,Marketing,Software development,Operations,Other|Customer service leads, but software development is catching up fast.",
    ],
    timelines: [
      "Platform roadmap;Q1~Single sign-on~One login for every tool.;Q2~Data hub~Shared data across teams.;Q3~AI assistant~Answers from company knowledge.;Q4~Mobile~Every workflow on the phone.",
    ],
    processes: [
      "From data to decision;Collect~Connect every source automatically.;Clean~Remove duplicates and fix errors.;Analyze~Dashboards and models.;Act~Alerts and automations.",
    ],
    quotes: [
      "Any sufficiently advanced technology is indistinguishable from magic.|Arthur C. Clarke|Science fiction writer",
    ],
    teams: [
      "Engineering leadership|The team building the platform.|Chief Technology Officer,Head of Platform,Head of Data,Security Lead",
    ],
    tables: [
      "Choosing a plan;Capability|Basic|*Pro|Enterprise;Users|Up to 10|Up to 100|Unlimited;Storage|100 GB|1 TB|Custom;Single sign-on|No|Yes|Yes;Support|Email|Chat|Dedicated",
    ],
    thanks: ["Thank you! Questions and demos welcome."],
  },

  marketing: {
    titles: ["Marketing Plan 2026", "Spring Campaign Launch", "Go-to-Market Strategy", "Brand Awareness Campaign"],
    kickers: ["Marketing plan", "Campaign proposal", "Go-to-market"],
    subtitles: [
      "Goals, audiences, channels and budget for the year ahead.",
      "How we will reach one million people in eight weeks.",
      "The plan to launch our new product and win our first 10,000 customers.",
      "Making our name known to the people who need us most.",
    ],
    agenda: [
      "Situation|Market, customers and competitors",
      "Goals|What we want to achieve",
      "Audience|Who we are talking to",
      "Channels|Where we will show up",
      "Budget|How we will spend it",
      "Measurement|How we will know it worked",
    ],
    bullets: [
      "Marketing goals|Grow brand awareness by 25% among 25- to 40-year-olds|Generate 8,000 qualified leads|Lift online sales by 30%|Cut cost per acquisition to $18|Four goals, one dashboard, reviewed every week.",
      "Key messages|Quality you can see and feel|Delivered tomorrow, free returns for 60 days|Made responsibly, from materials you can trace|Loved by 50,000 customers|Every piece of content supports one of these messages.",
      "Channel mix|Search ads for high-intent buyers|Short videos on social media for reach|Email for loyal customers|Partnerships with creators in our niche|Each channel has its own goal and budget.",
    ],
    columns: [
      "Target audiences|Two groups, two different journeys.|Young professionals|Busy, mobile-first and value-driven. They discover brands on social media and buy when a friend recommends it.|Families|Careful planners who compare options, read reviews and respond well to email offers and bundles.",
    ],
    images: [
      "Campaign idea|Small moments, big difference|The campaign follows real customers through an ordinary day and shows how small choices add up. Short films, photos and stories in every channel.|Campaign mood board",
      "Creative|One idea, adapted for every channel|From a six-second video to a full-page print ad, every piece carries the same look, line and feeling.|Campaign key visual",
    ],
    stats: [
      "Campaign results|1.2M|people reached in eight weeks|The campaign beat its reach target by 20% and delivered the lowest cost per lead of the year.|4.6%|engagement rate|8,400|leads|$16|cost per lead",
    ],
    bars: [
      "Leads by channel|k|Search,Social,Email,Partners,Events|0.6|3.2|Each channel plays a different role: some bring volume, others convert better.",
      "Website visits by month|k|Jan,Feb,Mar,Apr,May,Jun|40|95|Traffic doubled during the campaign.",
    ],
    pies: [
      "Budget by channel|Paid social,Search ads,Content,Events,Email|Paid social and search take the largest share of the budget.",
    ],
    timelines: [
      "Campaign calendar;Week 1~Teaser~Short videos and countdown.;Week 2~Launch~Press, ads and creators.;Week 4~Boost~Offers for newsletter subscribers.;Week 6~Stories~Customer stories and reviews.;Week 8~Wrap-up~Results and learnings.",
    ],
    processes: [
      "Customer journey;Awareness~They discover us on social media.;Consideration~They compare us and read reviews.;Purchase~A smooth checkout and fast delivery.;Loyalty~Follow-up emails and rewards.",
    ],
    quotes: [
      "Marketing is no longer about the stuff you make, but about the stories you tell.|Seth Godin|Author and marketer",
    ],
    teams: [
      "Marketing team|The people behind the campaign.|Marketing Director,Content Lead,Performance Marketing,Brand Designer",
    ],
    tables: [
      "Channel comparison;Channel|Reach|Cost|*Conversion;Search ads|Medium|$$|High;Social media|High|$$|Medium;Email|Low|$|High;Events|Low|$$$|Medium",
    ],
    thanks: ["Thank you! Let's make this our best campaign yet."],
  },

  social: {
    titles: [
      "Social Media Strategy 2026",
      "Instagram Growth Plan",
      "Content Calendar: Q2",
      "Influencer Campaign Report",
    ],
    kickers: ["Social media strategy", "Content plan", "Campaign report"],
    subtitles: [
      "Platforms, content pillars and the metrics that matter.",
      "How we will double our followers in six months.",
      "Three months of content, planned week by week.",
      "What we posted, what worked and what we will do next.",
    ],
    agenda: [
      "Audit|Where our accounts stand today",
      "Audience|Who follows us and why",
      "Content pillars|What we will talk about",
      "Platforms|Where we will post",
      "Calendar|When we will post",
      "Metrics|How we will measure success",
    ],
    bullets: [
      "Content pillars|Behind the scenes: how our products are made|Tips and tutorials our audience can use today|Customer stories and reviews|Moments of fun that show our personality|Every post fits one of four pillars.",
      "What worked last quarter|Short videos under 20 seconds|Posts that asked a simple question|Carousels with practical tips|Collaborations with small creators|Short, useful and human beats polished and long.",
      "Posting guidelines|Post on Instagram five times a week|Reply to every comment within two hours|Use captions that work without sound|Keep the brand colors in every cover|Consistency builds trust faster than perfection.",
    ],
    columns: [
      "Organic and paid|Two sides of one strategy.|Organic|Daily posts, stories and community management that build trust and give people reasons to follow us.|Paid|Targeted ads that bring our best organic content to new audiences who look like our customers.",
    ],
    images: [
      "Creator collaboration|Real people, real stories|We partnered with twelve small creators who already loved the product. Their posts reached 600,000 people and drove our best week of sales.|Creator content shoot",
    ],
    stats: [
      "Quarter results|+48%|follower growth across all platforms|Video content drove most of the growth, with reels reaching three times more people than photos.|5.2%|engagement rate|2.1M|impressions|14k|link clicks",
    ],
    bars: [
      "Followers by platform|k|Instagram,TikTok,LinkedIn,Facebook,YouTube|4|48|Our audience is spread across five platforms, each with its own role.",
      "Engagement by month|%|Jan,Feb,Mar,Apr,May,Jun|2.1|5.4|Engagement more than doubled since we switched to short videos.",
    ],
    pies: ["Content mix|Video,Carousels,Photos,Stories|Video now makes up almost half of everything we post."],
    timelines: [
      "Content calendar;Mon~Tips~Practical carousel.;Tue~Behind the scenes~Short video.;Wed~Community~Customer story.;Thu~Product~New arrivals.;Fri~Fun~Trend or challenge.",
    ],
    processes: [
      "From idea to post;Plan~Monthly themes and weekly slots.;Create~Batch-shoot content twice a month.;Publish~Schedule at the best times.;Engage~Reply, share and learn.",
    ],
    quotes: ["Content is fire; social media is gasoline.|Jay Baer|Marketing strategist"],
    teams: ["Social team|Small team, big reach.|Social Media Manager,Content Creator,Community Manager,Designer"],
    tables: [
      "Platform plan;Platform|Posts per week|Goal|*Priority;Instagram|5|Engagement|High;TikTok|4|Reach|High;LinkedIn|3|Leads|Medium;Facebook|2|Community|Low",
    ],
    thanks: ["Thanks! Follow us @yourbrand for more."],
  },

  brand: {
    titles: ["Brand Guidelines", "Brand Book 2026", "Our Visual Identity"],
    kickers: ["Brand guidelines", "Identity system", "Brand book"],
    subtitles: [
      "How to use our logo, colors, typography and voice.",
      "Everything you need to keep our brand consistent.",
      "The rules and the reasons behind our new identity.",
    ],
    agenda: [
      "Brand story|Who we are and what we stand for",
      "Logo|Versions, spacing and misuse",
      "Color|Palette and proportions",
      "Typography|Fonts and hierarchy",
      "Imagery|Photography and illustration",
      "Voice|How we write and speak",
    ],
    bullets: [
      "Logo do's and don'ts|Always keep clear space around the logo|Use the full-color version on light backgrounds|Never stretch, rotate or recolor the logo|Never place it on busy photos|When in doubt, use the one-color version.",
      "Our voice|Clear: short sentences, plain words|Warm: we talk to people, not at them|Confident: we say what we mean|Playful when the moment allows it|Write the way you would explain it to a friend.",
      "Typography rules|One typeface for headings, one for text|Headings in sentence case|Body text at least 16 pixels on screen|Left-aligned text, never justified|Hierarchy through size and weight, not color.",
    ],
    columns: [
      "Primary and secondary colors|Proportion matters as much as the colors themselves.|Primary|Our main color appears in every piece, covering about 60% of the colored area, with white for balance.|Secondary|Two supporting colors for charts, highlights and illustrations, never more than 20% of a layout.",
    ],
    images: [
      "Photography|Natural light, real people, honest moments|Our photos show people using our products in real places. No stock smiles, no heavy filters.|Photography example",
    ],
    stats: [
      "Consistency pays|+33%|revenue uplift from consistent branding|Brands presented consistently across channels are easier to recognize and remember.|3.5x|more visibility|60%|faster design work|1|source of truth",
    ],
    pies: [
      "Color proportions|Primary color,White,Secondary color,Accent|Use the primary color generously and the accent sparingly.",
    ],
    processes: [
      "Building a layout;Grid~Start from the 12-column grid.;Hierarchy~One clear headline per page.;Color~Primary first, accent last.;Review~Check it against these guidelines.",
    ],
    quotes: ["Design is the silent ambassador of your brand.|Paul Rand|Graphic designer"],
    tables: [
      "Logo versions;Version|Use on|Minimum size|*Preferred;Full color|Light backgrounds|24 px|Yes;White|Dark backgrounds|24 px|Yes;Black|Print in one color|20 px|No;Symbol|Small spaces|16 px|No",
    ],
    thanks: ["Questions about the brand? Contact the brand team."],
  },

  realestate: {
    titles: [
      "Luxury Homes Portfolio",
      "Real Estate Market Report 2026",
      "Harbor View Residences",
      "Investing in Rental Property",
    ],
    kickers: ["Real estate", "Property showcase", "Market report"],
    subtitles: [
      "Exceptional homes in the city's most sought-after neighborhoods.",
      "Prices, demand and opportunities in the local market.",
      "Modern apartments with sea views, ready to move in.",
      "How to choose, finance and manage a property that pays for itself.",
    ],
    agenda: [
      "Market overview|Prices and demand this year",
      "The property|Features and floor plans",
      "Location|Neighborhood and amenities",
      "Pricing|Options and payment plans",
      "Investment case|Returns and risks",
      "Next steps|Viewings and offers",
    ],
    bullets: [
      "Property highlights|Three bedrooms, two bathrooms, 140 square meters|Private terrace with sea views|Underground parking and storage|Energy rating A, solar panels on the roof|A rare combination of space, light and location.",
      "Why this neighborhood|Ten minutes' walk to the beach|Top-rated schools nearby|Shops, cafes and parks on every corner|Fast train to the city center|One of the most requested areas this year.",
      "Buying process|Book a viewing online or by phone|Reserve with a refundable deposit|Sign the purchase agreement|Collect your keys|Our team guides you through every step.",
    ],
    columns: [
      "Buy or rent|Two ways to make this home yours.|Buy|Fixed price from $640,000, with payment plans and partner mortgages from 3.1%.|Rent|Long-term leases from $2,900 a month, with an option to buy after two years.",
    ],
    images: [
      "Interior|Open-plan living, full of natural light|Floor-to-ceiling windows, oak floors and a kitchen designed for cooking with friends.|Living room and kitchen",
      "Location|Between the old town and the sea|A quiet street close to everything: markets, schools, parks and the marina.|View from the terrace",
    ],
    stats: [
      "Market snapshot|+7.8%|average price growth in the last 12 months|Demand continues to outpace supply, especially for homes with outdoor space.|21 days|average time to sell|4.9%|rental yield|92%|occupancy",
    ],
    bars: [
      "Average price per square meter|$|2021,2022,2023,2024,2025|3100|4300|Prices have risen steadily for five years.",
    ],
    pies: [
      "Buyers by profile|First-time buyers,Families,Investors,Retirees|Families and investors make up most of the demand.",
    ],
    timelines: [
      "Development timeline;2024~Permits~Planning approved.;2025~Construction~Structure complete.;Spring 2026~Show home~Viewings open.;Autumn 2026~Handover~Keys to new owners.",
    ],
    processes: [
      "Investing in rental property;Choose~Pick the right area and size.;Finance~Compare mortgages and returns.;Prepare~Furnish and list the property.;Manage~Tenants, maintenance and income.",
    ],
    quotes: ["Buy land, they're not making it anymore.|Mark Twain|Writer"],
    teams: [
      "Your agents|Local experts who know every street.|Managing Broker,Senior Agent,Mortgage Advisor,Property Manager",
    ],
    tables: [
      "Available units;Unit|Size|Bedrooms|*Price;Garden apartment|110 m²|2|$560,000;Sea view|140 m²|3|$640,000;Penthouse|180 m²|3|$890,000;Studio|55 m²|1|$320,000",
    ],
    thanks: ["Book your private viewing today."],
  },

  health: {
    titles: [
      "Healthy Habits for Life",
      "Patient Care Improvement Plan",
      "Mental Health at Work",
      "Clinical Research Update",
    ],
    kickers: ["Healthcare", "Health and wellness", "Medical presentation"],
    subtitles: [
      "Simple, proven steps to feel better every day.",
      "How we will shorten waiting times and improve patient experience.",
      "Supporting wellbeing in the workplace, one conversation at a time.",
      "Progress, early results and next steps of our clinical study.",
    ],
    agenda: [
      "Overview|Why this topic matters",
      "The evidence|What research tells us",
      "Key factors|Causes and risk factors",
      "Prevention|What we can do",
      "Care pathway|From first visit to follow-up",
      "Resources|Where to find help",
    ],
    bullets: [
      "Five healthy habits|Move for at least 30 minutes a day|Eat more vegetables, fruit and whole grains|Sleep seven to nine hours|Drink water instead of sugary drinks|Small habits, repeated daily, make the biggest difference.",
      "Warning signs to watch|Persistent tiredness or low mood|Changes in sleep or appetite|Difficulty concentrating|Withdrawing from friends and activities|Talk to someone early: help works best when it starts soon.",
      "Improving patient experience|Online booking for every department|Text reminders the day before appointments|Shorter waits with a new triage process|Clear instructions after every visit|Patients told us what matters; these are our answers.",
    ],
    columns: [
      "Prevention and treatment|Two halves of good care.|Prevention|Screening, vaccination and healthy habits stop many problems before they start, at a fraction of the cost.|Treatment|When care is needed, fast diagnosis and a clear plan lead to better outcomes and shorter recovery.",
    ],
    images: [
      "Our clinic|Care designed around the patient|Bright rooms, short waits and a team that takes time to listen. Every part of the clinic was redesigned with patients' feedback.|Reception area",
    ],
    stats: [
      "The impact of physical activity|30%|lower risk of heart disease with regular exercise|Just 150 minutes of moderate activity a week brings measurable benefits at any age.|150 min|a week is enough|1 in 4|adults are inactive|+3 yrs|life expectancy",
    ],
    bars: [
      "Average waiting time|min|Jan,Feb,Mar,Apr,May,Jun|52|18|Waiting times fell by more than half after the new triage process.",
    ],
    pies: [
      "Visits by department|General practice,Pediatrics,Cardiology,Dermatology,Other|General practice handles almost half of all visits.",
    ],
    timelines: [
      "Care pathway;Day 1~First visit~Assessment and tests.;Day 3~Diagnosis~Results and care plan.;Week 2~Treatment~Therapy begins.;Month 2~Follow-up~Review and next steps.",
    ],
    processes: [
      "Patient journey;Book~Online, by phone or in person.;Assess~Triage by a nurse within 15 minutes.;Treat~Care by the right specialist.;Follow up~Check-in call after one week.",
    ],
    quotes: ["Wherever the art of medicine is loved, there is also a love of humanity.|Hippocrates|Greek physician"],
    teams: [
      "Our care team|Specialists who work together for every patient.|Medical Director,Head Nurse,Clinical Psychologist,Nutritionist",
    ],
    tables: [
      "Types of exercise;Type|Examples|Frequency|*Main benefit;Aerobic|Walking, cycling|5 days a week|Heart health;Strength|Weights, yoga|2 days a week|Muscles and bones;Balance|Tai chi|3 days a week|Fewer falls;Flexibility|Stretching|Daily|Mobility",
    ],
    thanks: ["Thank you. Take care of yourself and each other."],
  },

  thesis: {
    titles: [
      "Urban Green Spaces and Wellbeing",
      "Machine Learning for Early Crop Disease Detection",
      "Remote Work and Team Productivity",
      "Microplastics in Coastal Waters",
    ],
    kickers: ["Master's thesis defense", "Research presentation", "Final degree project"],
    subtitles: [
      "A mixed-methods study in three European cities.",
      "Results from a two-year field study with 120 farms.",
      "Evidence from 40 companies and 2,000 employees.",
      "Sampling results from 24 beaches along the Atlantic coast.",
    ],
    agenda: [
      "Introduction|Background and motivation",
      "Research question|What we set out to answer",
      "Literature review|What we already know",
      "Methodology|How the study was designed",
      "Results|What we found",
      "Conclusions|Answers, limits and future work",
    ],
    bullets: [
      "Research questions|How does access to green space relate to wellbeing?|Does the effect differ by age and income?|Which features of a park matter most?|How can cities use these findings?|One main question, three supporting ones.",
      "Key findings|Living within 300 m of a park is linked to higher wellbeing|The effect is strongest for older residents|Quality matters more than size|Benefits appear after just two visits a week|Access and quality both matter.",
      "Limitations|Cross-sectional data cannot prove causation|Self-reported wellbeing may be biased|Three cities may not represent all contexts|Seasonal effects were not fully captured|Future work should follow people over time.",
    ],
    columns: [
      "Methodology|A mixed-methods design, combining numbers and stories.|Quantitative|A survey of 1,200 residents, linked to map data on distance, size and quality of nearby green spaces.|Qualitative|Thirty in-depth interviews and walking tours with residents of different ages and backgrounds.",
    ],
    images: [
      "Field work|Data collected where people live|We visited 48 parks, mapped 2,300 features and interviewed residents on site.|Survey team in the field",
    ],
    stats: [
      "Main result|+18%|higher wellbeing scores near quality green spaces|The difference holds after controlling for income, age, health and housing.|1,200|participants|48|parks studied|p < 0.01|significance",
    ],
    bars: [
      "Wellbeing score by distance to a park|pts|^< 300 m,300-600 m,600-900 m,> 900 m|74|52|Scores fall steadily as distance grows.",
    ],
    pies: ["Participants by age group|18-29,30-44,45-64,65+|The sample closely matches the cities' populations."],
    timelines: [
      "Research timeline;Sep 2024~Proposal~Topic and supervisor approved.;Jan 2025~Literature~Review of 140 studies.;Apr 2025~Data~Survey and interviews.;Sep 2025~Analysis~Models and coding.;Jan 2026~Writing~Thesis submitted.",
    ],
    processes: [
      "Research design;Question~Define the problem and hypotheses.;Data~Survey, maps and interviews.;Analysis~Regression models and thematic coding.;Synthesis~Combine both sets of results.",
    ],
    quotes: [
      "Research is formalized curiosity. It is poking and prying with a purpose.|Zora Neale Hurston|Writer and anthropologist",
    ],
    teams: [
      "Acknowledgements|People who made this research possible.|Thesis supervisor,Co-supervisor,Field assistant,Statistics advisor",
    ],
    tables: [
      "Comparison with previous studies;Study|Sample|Method|*Effect found;Smith et al., 2019|800|Survey|Small;García, 2021|300|Interviews|Medium;Chen et al., 2023|5,000|Registry data|Small;This study|1,200|Mixed methods|Medium",
    ],
    thanks: ["Thank you. I look forward to your questions.", "Thank you to the committee for your time and feedback."],
  },

  biology: {
    titles: [
      "The Cell: Building Block of Life",
      "Photosynthesis Explained",
      "Ecosystems and Food Chains",
      "Introduction to Genetics",
    ],
    kickers: ["Biology lesson", "Science class", "Unit 3"],
    subtitles: [
      "Structure, organelles and how cells work together.",
      "How plants turn sunlight into food, step by step.",
      "Who eats whom, and why every link matters.",
      "Genes, DNA and how traits pass from parents to children.",
    ],
    agenda: [
      "Learning goals|What you will be able to do",
      "Key concepts|The vocabulary we need",
      "Structure|Parts and their functions",
      "Processes|How it all works",
      "Lab activity|Hands-on experiment",
      "Review|Quiz and summary",
    ],
    bullets: [
      "Learning objectives|Name the main parts of a cell|Explain the job of each organelle|Compare plant and animal cells|Use a microscope to observe real cells|By the end of the lesson you can draw and label a cell.",
      "Key vocabulary|Nucleus: the control center of the cell|Mitochondria: where energy is released|Chloroplast: where photosynthesis happens|Membrane: the cell's protective border|Add these words to your glossary.",
      "Lab safety rules|Wear goggles and gloves at all times|Never taste or smell chemicals|Report spills and breakages immediately|Wash your hands before leaving the lab|Safety first, every lesson.",
    ],
    columns: [
      "Plant and animal cells|Same basic plan, some important differences.|Plant cells|Have a rigid cell wall, chloroplasts for photosynthesis and a large central vacuole that stores water.|Animal cells|Have no cell wall and no chloroplasts, are more flexible in shape and have many small vacuoles.",
    ],
    images: [
      "Under the microscope|Onion skin cells at 400x magnification|Look for the cell walls, the nucleus in each cell and the regular, brick-like pattern.|Onion epidermis, stained with iodine",
    ],
    stats: [
      "Amazing fact|37 trillion|cells in the human body|They come in about 200 types, from nerve cells a meter long to red blood cells you can only see with a microscope.|200|cell types|120 days|life of a red cell|2 m|of DNA per cell",
    ],
    bars: [
      "Rate of photosynthesis by light level|bubbles/min|^Dark,Low,Medium,High,Very high|2|38|More light means faster photosynthesis, until another factor becomes limiting.",
    ],
    pies: [
      "What a cell is made of|Water,Proteins,Lipids,Carbohydrates,Nucleic acids|Water makes up most of the cell's mass.",
    ],
    timelines: [
      "History of cell biology;1665~Robert Hooke~Names the cell.;1674~Van Leeuwenhoek~First living cells seen.;1839~Cell theory~All life is made of cells.;1953~DNA structure~The double helix.;2003~Human genome~Fully sequenced.",
    ],
    processes: [
      "Photosynthesis step by step;Light~Chlorophyll absorbs sunlight.;Water~Roots bring water to the leaves.;Carbon dioxide~Enters through tiny pores.;Glucose~Sugar and oxygen are produced.",
    ],
    quotes: ["Nothing in biology makes sense except in the light of evolution.|Theodosius Dobzhansky|Geneticist"],
    tables: [
      "Organelles and their jobs;Organelle|Job|Plant cell|Animal cell;Nucleus|Control center|Yes|Yes;Mitochondria|Energy|Yes|Yes;Chloroplast|Photosynthesis|Yes|No;Cell wall|Support|Yes|No;Vacuole|Storage|Large|Small",
    ],
    thanks: ["Great work today! Don't forget your homework.", "Questions? Ask now or at the start of the next class."],
  },

  history: {
    titles: ["The Roman Empire", "The Industrial Revolution", "Ancient Egypt", "The Age of Exploration"],
    kickers: ["History lesson", "Unit 4", "World history"],
    subtitles: [
      "Rise, golden age and fall of an empire that shaped Europe.",
      "How machines changed the way people lived and worked.",
      "Pharaohs, pyramids and life along the Nile.",
      "The voyages that connected the world, and what they changed.",
    ],
    agenda: [
      "Context|The world before",
      "Key events|What happened and when",
      "Key figures|The people who made history",
      "Daily life|How ordinary people lived",
      "Legacy|What remains today",
      "Review|Timeline quiz",
    ],
    bullets: [
      "Causes|New inventions made production faster and cheaper|Coal and iron were easy to find|A growing population needed more goods|Trade routes connected markets around the world|Several causes came together at the same time.",
      "Daily life|Most people worked long hours in fields or workshops|Children often worked from a young age|Cities grew quickly and became crowded|New foods and goods reached ordinary families|Life changed more in 50 years than in the previous 500.",
      "Legacy|Roads, bridges and aqueducts still in use|Latin, the root of many modern languages|Laws and ideas about citizenship|Architecture copied for two thousand years|Look around: history is everywhere.",
    ],
    columns: [
      "Causes and consequences|Why it happened and what it changed.|Causes|New technology, cheap energy, growing cities and trade created the conditions for rapid change.|Consequences|Factories, railways and new social classes transformed work, family life and politics.",
    ],
    images: [
      "Primary source|What the sources tell us|Letters, diaries and paintings from the time help us see events through the eyes of the people who lived them.|Painting from the period",
    ],
    stats: [
      "By the numbers|5 million|square kilometers at the empire's largest|At its height the empire stretched from Britain to Egypt and was home to about 60 million people.|60M|people|80,000 km|of roads|500 yrs|of history",
    ],
    bars: ["City population over time|k|1750,1800,1850,1900|80|900|Cities grew more than ten times in 150 years."],
    pies: [
      "Jobs in 1850|Agriculture,Factories,Trade,Domestic service,Other|Factories were catching up with farming as the main employer.",
    ],
    timelines: [
      "Key dates;753 BC~Founding~Rome is founded.;509 BC~Republic~Kings are replaced.;27 BC~Empire~Augustus becomes emperor.;117 AD~Peak~Largest territory.;476 AD~Fall~End of the Western Empire.",
      "The Industrial Revolution;1769~Steam engine~James Watt improves it.;1804~Railway~First steam locomotive.;1830~Passenger trains~Liverpool to Manchester.;1851~Great Exhibition~Industry on show in London.",
    ],
    processes: [
      "How historians work;Question~Decide what to investigate.;Sources~Find primary and secondary sources.;Evaluate~Check reliability and bias.;Explain~Build an argument with evidence.",
    ],
    quotes: ["Those who cannot remember the past are condemned to repeat it.|George Santayana|Philosopher"],
    teams: ["Key figures|The people who shaped the period.|Emperor,General,Philosopher,Architect"],
    tables: [
      "Then and now;Topic|Before|After|Today;Work|Farms|Factories|Offices;Travel|Horse|Train|Plane;Energy|Wood|Coal|Renewables;Homes|Villages|Cities|Cities",
    ],
    thanks: ["Thanks for listening! Time for the quiz."],
  },

  kids: {
    titles: ["Let's Learn About Animals!", "The Four Seasons", "My First Day at School", "Space Adventure"],
    kickers: ["Fun lesson", "Class activity", "Story time"],
    subtitles: [
      "Discover where animals live, what they eat and how they grow.",
      "Spring, summer, autumn and winter: what changes and why?",
      "Meet your classmates, your teacher and your new classroom.",
      "Blast off and meet the planets of our solar system!",
    ],
    agenda: [
      "Let's start|Say hello and warm up",
      "Story|Listen and look",
      "New words|Learn and repeat",
      "Game time|Play and practice",
      "Craft|Make something fun",
      "Goodbye|What did we learn?",
    ],
    bullets: [
      "Today we will|Learn the names of ten animals|Find out where they live|Sort them by what they eat|Play the animal sounds game|Ready? Let's go!",
      "Classroom rules|Listen when others are talking|Raise your hand to speak|Share and take turns|Be kind to everyone|Happy class, happy learning!",
      "Animal homes|Fish live in rivers, lakes and the sea|Birds build nests in trees|Bears sleep in caves in winter|Bees live together in a hive|Can you think of another animal home?",
    ],
    columns: [
      "Day and night|What happens when the sun goes down?|Day|The sun is up, it is bright and warm, and most people work, play and go to school.|Night|The moon and stars come out, it gets dark and cool, and most of us go to sleep.",
    ],
    images: [
      "Look and find|What can you see in the picture?|Count the trees, find the sun and name the colors. Then tell a friend one thing you like.|Picture time",
    ],
    stats: [
      "Fun fact|100|times a minute: a hummingbird's wings can beat even faster|These tiny birds are the only birds that can fly backwards!|3 g|weight|15 cm|nest size|2|eggs",
    ],
    bars: [
      "Our favorite animals|votes|Dog,Cat,Rabbit,Horse,Fish|2|12|The winner is highlighted. Did your favorite win?",
    ],
    pies: ["Our favorite seasons|Summer,Spring,Winter,Autumn|Most of us love summer the best."],
    timelines: [
      "A day at school;8:30~Hello~Morning circle.;10:00~Snack~Fruit and water.;11:00~Play~Outside time.;12:30~Lunch~Eat together.;3:00~Home~See you tomorrow!",
    ],
    processes: [
      "How a plant grows;Seed~Plant it in soil.;Water~Give it a drink.;Sun~Let it see the light.;Flower~Watch it bloom!",
    ],
    quotes: ["The more that you read, the more things you will know.|Dr. Seuss|Children's author"],
    tables: [
      "Animal facts;Animal|Home|Food|Sound;Cow|Farm|Grass|Moo;Duck|Pond|Seeds|Quack;Lion|Savanna|Meat|Roar;Owl|Tree|Mice|Hoot",
    ],
    thanks: ["Great job, everyone! See you next time.", "You did it! Well done, superstars!"],
  },

  math: {
    titles: [
      "Fractions Made Easy",
      "Introduction to Algebra",
      "Geometry: Shapes and Angles",
      "Statistics for Beginners",
    ],
    kickers: ["Math lesson", "Mathematics", "Unit 2"],
    subtitles: [
      "Adding, comparing and simplifying fractions.",
      "From numbers to letters: solving your first equations.",
      "Triangles, circles and the angles that connect them.",
      "Mean, median and mode with real data.",
    ],
    agenda: [
      "Warm-up|Quick mental math",
      "New concept|Explanation and examples",
      "Worked examples|Step by step",
      "Practice|Try it yourself",
      "Real life|Where we use it",
      "Exit ticket|Check your understanding",
    ],
    bullets: [
      "Key rules|Fractions need a common denominator to be added|Multiply top and bottom by the same number|Simplify by dividing by the greatest common factor|A whole number can be written as a fraction|Practice each rule with the examples on the next slide.",
      "Common mistakes|Adding the denominators together|Forgetting to simplify the answer|Mixing up numerator and denominator|Not checking the answer makes sense|Check your work: does the answer look reasonable?",
      "Solving an equation|Write down what you know|Do the same thing to both sides|Isolate the unknown step by step|Check by putting the answer back in|Balance is everything.",
    ],
    columns: [
      "Mean and median|Two ways to describe the middle of a data set.|Mean|Add all the values and divide by how many there are. It is affected by very large or very small values.|Median|Order the values and take the middle one. It is a better choice when there are outliers.",
    ],
    images: [
      "Math around us|Geometry in architecture|Triangles make bridges strong, circles spread loads evenly and symmetry makes buildings pleasing to the eye.|Bridge structure",
    ],
    stats: [
      "Did you know?|3.14159|the first digits of pi|Pi is the ratio of a circle's circumference to its diameter, and its digits never end or repeat.|360°|in a circle|180°|in a triangle|90°|a right angle",
    ],
    bars: [
      "Test scores in our class|students|0-50,51-60,61-70,71-80,81-90,91-100|1|9|Each bar shows how many students scored in that range.",
    ],
    pies: ["How we travel to school|Walk,Bus,Car,Bike|Walking is the most common way to get to school in our class."],
    processes: [
      "Adding fractions;Find~The least common denominator.;Convert~Rewrite both fractions.;Add~Add the numerators.;Simplify~Reduce the answer.",
    ],
    quotes: [
      "Mathematics is not about numbers, equations or algorithms: it is about understanding.|William Paul Thurston|Mathematician",
    ],
    tables: [
      "Types of triangles;Type|Sides|Angles|Example;Equilateral|All equal|All 60°|Warning sign;Isosceles|Two equal|Two equal|Roof;Scalene|All different|All different|Sail;Right|Any|One 90°|Ramp",
    ],
    thanks: ["Well done! Practice problems are on page 42."],
  },

  course: {
    titles: [
      "Introduction to Psychology",
      "Course Syllabus: Spring Semester",
      "Study Skills for University",
      "Online Learning Guide",
    ],
    kickers: ["University course", "Semester overview", "Lecture 1"],
    subtitles: [
      "Course goals, schedule, assessment and resources.",
      "Everything you need for a successful semester.",
      "Proven techniques to learn more in less time.",
      "How to get the most out of online classes.",
    ],
    agenda: [
      "Welcome|About the course and the instructor",
      "Learning outcomes|What you will be able to do",
      "Schedule|Topics week by week",
      "Assessment|Assignments and grading",
      "Resources|Readings and tools",
      "Policies|Attendance and deadlines",
    ],
    bullets: [
      "Learning outcomes|Explain the main theories in the field|Apply research methods to simple questions|Read and evaluate scientific articles|Present findings clearly in writing and speech|Each outcome is linked to one assignment.",
      "Study tips|Review notes within 24 hours|Test yourself instead of re-reading|Space your study sessions over the week|Teach what you learned to someone else|Active learning beats passive reading.",
      "Course policies|Attend at least 80% of seminars|Submit assignments through the online portal|Late work loses 5% per day|Use citations for every source|Ask early if you need an extension.",
    ],
    columns: [
      "Lectures and seminars|Two formats, two purposes.|Lectures|Weekly 90-minute sessions that introduce the main ideas, with slides and recordings available online.|Seminars|Small groups of 20 where you discuss readings, work on cases and prepare your presentations.",
    ],
    images: [
      "Campus|Where we meet|Lectures take place in the main hall, seminars in the library study rooms on the second floor.|Main lecture hall",
    ],
    stats: [
      "Course at a glance|12|weeks of lectures and seminars|Each week combines one lecture, one seminar and about six hours of independent study.|6|ECTS credits|4|assignments|1|final exam",
    ],
    bars: [
      "Weekly workload|hours|Week 1,Week 4,Week 7,Week 10,Week 12|5|12|The workload grows towards the final project, so plan ahead.",
    ],
    pies: [
      "Assessment|Final exam,Group project,Essays,Participation|The exam counts most, but coursework adds up to more than half.",
    ],
    timelines: [
      "Semester schedule;Week 1~Introduction~Course overview.;Week 4~Essay 1~First assignment due.;Week 7~Midterm~In-class test.;Week 10~Project~Group presentations.;Week 12~Final exam~All topics.",
    ],
    processes: [
      "Writing a research essay;Question~Choose a focused topic.;Sources~Find and read key articles.;Outline~Structure your argument.;Draft and revise~Write, get feedback, improve.",
    ],
    quotes: ["Education is not the filling of a pail, but the lighting of a fire.|W. B. Yeats|Poet"],
    teams: ["Teaching team|Who to contact and when.|Course Coordinator,Lecturer,Teaching Assistant,Library Liaison"],
    tables: [
      "Grading;Component|Weight|Due|*Format;Essays|25%|Weeks 4 and 9|Written;Group project|20%|Week 10|Presentation;Participation|10%|Weekly|Seminar;Final exam|45%|Week 12|Written exam",
    ],
    thanks: ["Welcome to the course! Office hours: Tuesdays 2-4 pm."],
  },

  workshop: {
    titles: [
      "Design Thinking Workshop",
      "Team Onboarding Day",
      "Leadership Training Program",
      "Creative Problem Solving",
    ],
    kickers: ["Workshop", "Training session", "Onboarding"],
    subtitles: [
      "A hands-on session to turn problems into ideas worth testing.",
      "Everything new team members need for a great first week.",
      "Practical tools for leading people through change.",
      "Techniques to find better ideas, faster, as a team.",
    ],
    agenda: [
      "Welcome|Goals and ground rules",
      "Warm-up|A quick team exercise",
      "Key concepts|The method in brief",
      "Exercise|Work in small groups",
      "Share|Present and give feedback",
      "Wrap-up|Takeaways and next steps",
    ],
    bullets: [
      "Workshop goals|Understand the five stages of design thinking|Practice interviewing a real user|Generate at least 20 ideas as a team|Build and test a quick prototype|Learn by doing: less talking, more making.",
      "Ground rules|Phones on silent, laptops closed|Every idea is welcome in the first round|Build on the ideas of others|Keep to the time boxes|We start and finish on time.",
      "Your first week|Meet your buddy and your manager|Set up your laptop and accounts|Join the team rituals|Agree on your 30-day goals|By Friday you will have shipped something small.",
    ],
    columns: [
      "Divergent and convergent thinking|Two modes, used one after the other.|Diverge|Go wide: collect as many ideas as possible without judging them. Quantity leads to quality.|Converge|Narrow down: group, vote and choose the few ideas worth testing with real people.",
    ],
    images: [
      "Exercise|Interview a partner|In pairs, take ten minutes each to ask about a recent frustrating experience. Listen more than you talk and note exact words.|Interview exercise",
    ],
    stats: [
      "Why it works|75%|of participants apply a new tool within a month|Short, practical sessions with follow-up lead to lasting change in how teams work.|20+|ideas per team|3 h|session|4.7/5|average rating",
    ],
    bars: [
      "Confidence after the workshop|%|Interviewing,Ideation,Prototyping,Testing|55|90|Confidence grew in every skill we practiced.",
    ],
    pies: ["How we spend the session|Exercises,Discussion,Input,Breaks|Two thirds of the time is hands-on work."],
    timelines: [
      "Today's schedule;9:00~Welcome~Goals and warm-up.;9:30~Empathize~User interviews.;10:30~Ideate~Brainstorm in teams.;11:30~Prototype~Build and test.;12:30~Wrap-up~Share and reflect.",
    ],
    processes: [
      "Design thinking;Empathize~Understand the people you design for.;Define~Frame the right problem.;Ideate~Generate many possible solutions.;Prototype~Make ideas tangible, fast.;Test~Learn from real feedback.",
    ],
    quotes: [
      "Tell me and I forget, teach me and I may remember, involve me and I learn.|Benjamin Franklin|Writer and statesman",
    ],
    teams: ["Your facilitators|Here to guide, not to lecture.|Lead Facilitator,Co-facilitator,Design Coach,Note Taker"],
    tables: [
      "Session formats;Format|Length|Group size|*Best for;Sprint|5 days|5-7|Big problems;Workshop|3 hours|8-20|Learning a method;Huddle|30 minutes|3-5|Quick decisions;Retrospective|1 hour|Team|Improving",
    ],
    thanks: ["Thank you for your energy today! Slides and notes will be shared by email."],
  },

  event: {
    titles: [
      "Future of Work Summit 2026",
      "Annual Conference Keynote",
      "Sponsorship Opportunities",
      "Welcome to TechConnect 2026",
    ],
    kickers: ["Conference 2026", "Keynote", "Event proposal"],
    subtitles: [
      "Two days of talks, workshops and connections.",
      "Ideas to take home and put to work on Monday.",
      "Reach 3,000 decision-makers in one place.",
      "Everything you need to know for the next two days.",
    ],
    agenda: [
      "Welcome|Why we are here",
      "Speakers|Who you will hear from",
      "Program|Talks and workshops",
      "Venue|Getting there and around",
      "Sponsors|Our partners",
      "Networking|Meet the community",
    ],
    bullets: [
      "Why attend|Hear from 40 speakers leading real change|Join hands-on workshops in small groups|Meet peers from 30 countries|Take home practical tools and templates|Two days that pay back all year.",
      "Sponsorship benefits|Logo on all event materials|A stand in the main exhibition hall|A speaking slot on the partner stage|Passes for your team and clients|Packages from $5,000.",
      "Event highlights|Opening keynote by an industry pioneer|Startup pitch competition with a $50k prize|Evening networking reception|Recorded talks available after the event|Something for every kind of attendee.",
    ],
    columns: [
      "Day one and day two|A program built around two themes.|Day one: Ideas|Keynotes and panels about where the industry is heading, followed by an evening reception.|Day two: Action|Workshops, case studies and small-group sessions to turn ideas into plans.",
    ],
    images: [
      "Venue|A landmark venue in the heart of the city|The conference center sits next to the river, ten minutes from the central station and surrounded by hotels and restaurants.|Main hall",
    ],
    stats: [
      "Last year's event|3,200|attendees from 30 countries|Nine out of ten attendees said they would come back, and sponsors met an average of 140 leads each.|40|speakers|25|sponsors|4.8/5|rating",
    ],
    bars: [
      "Attendance over the years|k|2021,2022,2023,2024,2025|0.8|3.2|The event has grown every year since it started.",
    ],
    pies: [
      "Who attends|Managers,Executives,Specialists,Founders,Students|Decision-makers make up more than half of the audience.",
    ],
    timelines: [
      "Program day one;9:00~Registration~Coffee and badges.;10:00~Keynote~The next ten years.;11:30~Panels~Three parallel tracks.;14:00~Workshops~Hands-on sessions.;19:00~Reception~Drinks and networking.",
    ],
    processes: [
      "Becoming a sponsor;Choose~Pick the package that fits.;Confirm~Sign and secure your place.;Prepare~Send logos and stand details.;Shine~Meet attendees at the event.",
    ],
    quotes: [
      "Coming together is a beginning, staying together is progress, and working together is success.|Henry Ford|Industrialist",
    ],
    teams: [
      "Featured speakers|Voices you will not want to miss.|Opening Keynote,Innovation Panel,Closing Keynote,Workshop Host",
    ],
    tables: [
      "Sponsorship packages;Benefit|Silver|*Gold|Platinum;Price|$5,000|$12,000|$25,000;Stand|Small|Medium|Large;Speaking slot|No|Partner stage|Main stage;Passes|2|5|10",
    ],
    thanks: ["Thank you for being here. Enjoy the conference!"],
  },

  portfolio: {
    titles: ["Selected Works 2020-2026", "Design Portfolio", "Photography Portfolio", "Architecture Projects"],
    kickers: ["Portfolio", "Selected work", "Case studies"],
    subtitles: [
      "Brand identities, digital products and editorial design.",
      "Selected branding, web and packaging projects.",
      "Portraits, landscapes and stories from the road.",
      "Homes and public spaces designed around people.",
    ],
    agenda: [
      "About me|Background and approach",
      "Selected projects|Five pieces of work",
      "Process|How I work",
      "Clients|Who I have worked with",
      "Recognition|Awards and features",
      "Contact|Let's work together",
    ],
    bullets: [
      "About me|Independent designer based in Lisbon|Ten years of experience in brand and digital design|Worked with start-ups, cultural institutions and global brands|Teaches typography at the local design school|Design that is simple, useful and a little surprising.",
      "Services|Brand identity and logo design|Websites and digital products|Editorial and packaging design|Art direction for photo shoots|From a single logo to a complete brand system.",
      "Recognition|Type Directors Club certificate of excellence|Featured in two international design annuals|Jury member at a national design award|Speaker at three design conferences|Work that has been noticed by peers.",
    ],
    columns: [
      "Challenge and solution|A rebrand for a 100-year-old bakery.|The challenge|Keep the charm that loyal customers love while making the brand feel fresh for a new generation.|The solution|A hand-drawn wordmark, a warm color palette and packaging that turns every box into a gift.",
    ],
    images: [
      "Project 01|Brand identity for a family bakery|A full identity system, from the logo to the paper bags, inspired by the shop's original 1920s sign.|Packaging and signage",
      "Project 02|An app that makes saving money fun|Product design for a fintech start-up, from first sketches to launch. Rated 4.8 stars by 50,000 users.|Mobile app screens",
      "Project 03|Portraits of makers|A photo series about craftspeople working in their studios, shot in natural light over six months.|Ceramic studio, Porto",
    ],
    stats: [
      "In numbers|120+|projects completed for clients in 14 countries|Long-term partnerships make up most of my work, with clients coming back year after year.|10|years|14|countries|8|awards",
    ],
    pies: ["Type of work|Branding,Digital,Editorial,Photography|Branding remains the core of my practice."],
    timelines: [
      "Career;2016~Graduated~Fine arts and design.;2018~Agency~Designer at a branding studio.;2021~Independent~Opened my own studio.;2024~Teaching~Typography lecturer.;2026~Today~Studio of three.",
    ],
    processes: [
      "My process;Listen~Understand the people and the goals.;Explore~Sketch many directions quickly.;Refine~Develop the strongest idea.;Deliver~Files, guidelines and support.",
    ],
    quotes: [
      "Working with her felt like a true partnership. She made our brand feel like us, only better.|Marta Ferreira|Owner, Padaria Ferreira",
    ],
    tables: [
      "Ways to work together;Option|Project|*Retainer|Workshop;Best for|One-off work|Ongoing needs|Teams;Duration|4-8 weeks|Monthly|1 day;Includes|Concept to delivery|Priority support|Training;Price|From $4k|From $2k/mo|From $1.5k",
    ],
    thanks: ["Let's create something beautiful together."],
  },

  travel: {
    titles: [
      "Discover Portugal",
      "Ten Days in Japan",
      "Travel Agency Presentation",
      "Hidden Gems of the Mediterranean",
    ],
    kickers: ["Travel guide", "Destination", "Tour proposal"],
    subtitles: [
      "Beaches, cities and flavors from Porto to the Algarve.",
      "A ten-day itinerary from Tokyo to Kyoto and beyond.",
      "Tailor-made journeys for curious travelers.",
      "Quiet islands, old harbors and beaches without the crowds.",
    ],
    agenda: [
      "The destination|Why go now",
      "Itinerary|Day by day",
      "Where to stay|Hotels for every budget",
      "What to eat|Local dishes to try",
      "Practical tips|Getting around and budget",
      "Book your trip|Packages and prices",
    ],
    bullets: [
      "Top experiences|Sunset over the river in Porto|A day on the beaches of the Algarve|Wine tasting in the Douro Valley|Tram 28 through the old streets of Lisbon|Four experiences you will remember for years.",
      "Travel tips|Best time to visit: May, June and September|Buy a transport card for the city|Book popular restaurants a week ahead|Carry some cash for small shops|A little planning makes the trip much easier.",
      "What to pack|Comfortable walking shoes|A light jacket for the evenings|Sunscreen and a hat|A reusable water bottle|Pack light: you will want room for souvenirs.",
    ],
    columns: [
      "City and coast|Two sides of one trip.|The city|Historic neighborhoods, museums, viewpoints and restaurants that stay open late.|The coast|Golden cliffs, quiet coves and fishing villages where lunch is always grilled fish.",
    ],
    images: [
      "Destination|Lisbon, the city of seven hills|Colorful tiles, yellow trams and views over the river at every turn. Spend three days here and you will want to stay a week.|Alfama neighborhood",
      "Nature|The Douro Valley|Terraced vineyards along the river, small family wineries and boat trips at golden hour.|Vineyards in the Douro",
    ],
    stats: [
      "Why Portugal|300|days of sunshine a year in the south|Mild weather, friendly people and short distances make it easy to see a lot in one trip.|850 km|of coastline|17|World Heritage sites|3 h|Lisbon to Porto",
    ],
    bars: [
      "Average temperature|°C|Mar,Apr,May,Jun,Jul|16|28|Spring warms up quickly: June and July are perfect for the beach.",
    ],
    pies: [
      "Typical trip budget|Accommodation,Food,Transport,Activities,Shopping|Accommodation takes the biggest share; food is great value.",
    ],
    timelines: [
      "Ten-day itinerary;Day 1~Lisbon~Arrival and old town.;Day 3~Sintra~Palaces and gardens.;Day 5~Porto~River and cellars.;Day 7~Douro~Wine country.;Day 9~Algarve~Beaches and cliffs.",
    ],
    processes: [
      "How to book;Choose~Pick a package or ask for a custom trip.;Plan~We refine the itinerary with you.;Confirm~Pay a 20% deposit.;Travel~Enjoy, with 24/7 support.",
    ],
    quotes: ["The world is a book, and those who do not travel read only one page.|Saint Augustine|Philosopher"],
    teams: [
      "Your travel experts|Locals who love sharing their country.|Travel Designer,Tour Guide,Food Expert,Customer Care",
    ],
    tables: [
      "Trip packages;Included|Classic|*Signature|Luxury;Nights|7|10|12;Hotels|3-star|4-star|5-star;Guided tours|2|5|Private;Price per person|$1,290|$2,190|$4,500",
    ],
    thanks: ["Boa viagem! Your next adventure starts here."],
  },

  food: {
    titles: ["Farm to Table Restaurant", "Healthy Eating Guide", "Our New Seasonal Menu", "Opening a Coffee Shop"],
    kickers: ["Restaurant", "Food and nutrition", "Menu presentation"],
    subtitles: [
      "Seasonal dishes made with ingredients from local farms.",
      "Simple changes for a balanced, delicious diet.",
      "Autumn dishes built around the best of the harvest.",
      "Business plan for a specialty coffee shop downtown.",
    ],
    agenda: [
      "Our story|How it all started",
      "The menu|Dishes and ingredients",
      "Suppliers|Where our food comes from",
      "Experience|Space and service",
      "Numbers|Costs and pricing",
      "Next steps|Opening plan",
    ],
    bullets: [
      "Our philosophy|Cook with what the season gives us|Buy from farms within 100 kilometers|Waste nothing: every ingredient is used twice|Keep prices fair for guests and growers|Good food, honestly made.",
      "Tips for a balanced plate|Fill half the plate with vegetables|Choose whole grains over refined ones|Add a portion of protein at every meal|Use herbs and spices instead of extra salt|Healthy food can and should taste great.",
      "Why this location|3,000 office workers within five minutes|No specialty coffee on the street|Morning and weekend foot traffic|Affordable rent with a terrace|The right place at the right time.",
    ],
    columns: [
      "Lunch and dinner|One kitchen, two moods.|Lunch|A quick, seasonal set menu for people working nearby, served in under 30 minutes.|Dinner|A relaxed tasting menu with natural wines, for guests who want to take their time.",
    ],
    images: [
      "Signature dish|Slow-roasted vegetables with herb sauce|Our most ordered dish changes with the season but always starts with the best vegetables from the morning market.|Autumn vegetables",
      "The space|Warm, simple and full of light|Forty seats, an open kitchen and a long table for sharing. Wood, stone and plants throughout.|Dining room",
    ],
    stats: [
      "The first year|18,000|guests served in our first twelve months|Half of them came back at least once, and our weekend tables are booked three weeks ahead.|4.8|average rating|12|local suppliers|30%|less food waste",
    ],
    bars: ["Covers per month|k|Jan,Feb,Mar,Apr,May,Jun|0.9|2.1|Guest numbers doubled in six months."],
    pies: [
      "Where each dollar goes|Ingredients,Staff,Rent,Other costs,Profit|Ingredients and staff are the largest costs, as in any quality kitchen.",
    ],
    timelines: [
      "Opening plan;Mar~Lease~Sign and start design.;May~Build~Kitchen and interior.;Jul~Team~Hire and train staff.;Aug~Soft opening~Friends and family.;Sep~Grand opening~Open to all.",
    ],
    processes: [
      "From farm to table;Harvest~Picked at the farm in the morning.;Deliver~At our kitchen by noon.;Prepare~Cooked the same day.;Serve~On your table tonight.",
    ],
    quotes: ["One cannot think well, love well, sleep well, if one has not dined well.|Virginia Woolf|Writer"],
    teams: ["The team|The people in the kitchen and on the floor.|Head Chef,Sous Chef,Restaurant Manager,Pastry Chef"],
    tables: [
      "Menu options;Option|Starter|Main|*Price;Lunch set|Soup of the day|Seasonal dish|$18;Tasting menu|Three small plates|Two mains|$65;Vegetarian|Garden salad|Vegetable roast|$52;Kids|Bread and dip|Pasta|$12",
    ],
    thanks: ["Thank you! Come hungry, leave happy."],
  },

  sports: {
    titles: [
      "Season Review 2025",
      "Training Plan: Road to the Marathon",
      "Club Sponsorship Proposal",
      "Youth Football Academy",
    ],
    kickers: ["Sports", "Season review", "Training program"],
    subtitles: [
      "Results, highlights and goals for next season.",
      "Sixteen weeks from your first run to the finish line.",
      "Partner with the fastest-growing club in the region.",
      "Developing young players on and off the pitch.",
    ],
    agenda: [
      "Season summary|Results at a glance",
      "Highlights|Moments to remember",
      "Team|Players and staff",
      "Training|How we prepare",
      "Community|Fans and partners",
      "Next season|Goals and plans",
    ],
    bullets: [
      "Season highlights|Promotion to the first division|Longest unbeaten run in club history: 14 games|Record attendance of 4,800 fans|Three academy players joined the first team|Our best season in twenty years.",
      "Training principles|Build up distance gradually, no more than 10% a week|Mix easy runs, intervals and long runs|Rest at least one day a week|Eat and sleep as part of the plan|Consistency beats intensity.",
      "Why sponsor us|A loyal local audience of 20,000 fans|Strong social media reach among young people|Community programs in eight schools|Visibility at every home game|Your brand, part of our story.",
    ],
    columns: [
      "Attack and defense|Two areas, one team.|Attack|58 goals scored, the most in the league, with goals from 14 different players.|Defense|Only 21 goals conceded and 16 clean sheets, thanks to a settled back line.",
    ],
    images: [
      "Match day|The atmosphere at home games|Every home game is a celebration: music, food trucks and a stadium full of families and friends.|Home stadium",
    ],
    stats: [
      "The season in numbers|24|wins in 34 games|A record points total and promotion secured with three games to spare.|58|goals scored|16|clean sheets|4,800|record crowd",
    ],
    bars: ["Goals per month|goals|Aug,Sep,Oct,Nov,Dec,Jan,Feb|4|11|The team scored more as the season went on."],
    pies: [
      "Club revenue|Tickets,Sponsorship,Merchandise,Memberships|Sponsorship is now our second-biggest source of income.",
    ],
    timelines: [
      "Marathon plan;Weeks 1-4~Base~Easy runs, 20-30 km a week.;Weeks 5-8~Build~Longer runs and intervals.;Weeks 9-12~Peak~Long runs up to 32 km.;Weeks 13-15~Taper~Less distance, more rest.;Week 16~Race day~Enjoy the finish.",
    ],
    processes: [
      "Academy pathway;Discover~Open trials twice a year.;Develop~Training four times a week.;Compete~League and tournaments.;Graduate~First team or partner clubs.",
    ],
    quotes: ["Talent wins games, but teamwork and intelligence win championships.|Michael Jordan|Basketball player"],
    teams: [
      "Coaching staff|The people behind the performance.|Head Coach,Assistant Coach,Fitness Coach,Physiotherapist",
    ],
    tables: [
      "Sponsorship levels;Benefit|Supporter|*Partner|Main sponsor;Logo on shirt|No|Sleeve|Front;Stadium boards|1|3|6;Social posts|Monthly|Weekly|Every game;Price per season|$3,000|$10,000|$30,000",
    ],
    thanks: ["Thank you for your support. See you at the next game!"],
  },

  nature: {
    titles: [
      "Protecting Our Oceans",
      "Sustainability Report 2025",
      "Climate Change: Causes and Solutions",
      "Forests of the World",
    ],
    kickers: ["Environment", "Sustainability", "Nature"],
    subtitles: [
      "Why healthy oceans matter and what each of us can do.",
      "Our progress on emissions, waste, water and people.",
      "The science, the impact and the solutions within reach.",
      "Why forests matter and how we can protect them.",
    ],
    agenda: [
      "Why it matters|The state of the planet",
      "Causes|What is driving the change",
      "Impact|On nature and people",
      "Solutions|What works",
      "Our progress|Results so far",
      "Take action|What you can do",
    ],
    bullets: [
      "Main threats|Plastic pollution: 11 million tonnes a year|Overfishing of key species|Rising water temperatures|Loss of coastal habitats|All four are caused by people, so people can fix them.",
      "What you can do|Choose reusable bottles and bags|Eat seasonal, local food|Walk, cycle or take public transport|Support local conservation projects|Small actions, multiplied by millions.",
      "Our sustainability goals|Net zero emissions by 2035|100% renewable electricity by 2027|Zero waste to landfill by 2028|Plant 100,000 trees with local partners|Every goal has a yearly milestone.",
    ],
    columns: [
      "Causes and solutions|The problem is big, but so are the answers.|Causes|Burning fossil fuels, cutting down forests and wasting food and materials release most greenhouse gases.|Solutions|Clean energy, protected forests, efficient buildings and circular products can cut emissions in half by 2030.",
    ],
    images: [
      "Ecosystems|Coral reefs: cities under the sea|Reefs cover less than 1% of the ocean floor but are home to a quarter of all marine species.|Coral reef",
      "Forests|The lungs of the planet|Forests absorb about a third of the carbon we emit and are home to 80% of land animals and plants.|Temperate forest",
    ],
    stats: [
      "Our impact this year|-32%|carbon emissions since 2020|We switched to renewable electricity, electrified our fleet and redesigned our packaging.|78%|renewable energy|41%|less waste|25k|trees planted",
    ],
    bars: ["Carbon emissions|kt CO2|2020,2021,2022,2023,2024,2025|30|18|Emissions have fallen every year since 2020."],
    pies: [
      "Sources of emissions|Energy,Transport,Agriculture,Industry,Buildings|Energy and transport together account for more than half.",
    ],
    timelines: [
      "Road to net zero;2025~Renewables~78% clean power.;2027~100% clean~All sites renewable.;2030~Half~Emissions cut by 50%.;2035~Net zero~Remaining emissions offset.",
    ],
    processes: [
      "The circular economy;Design~Products that last and can be repaired.;Use~Share, repair and reuse.;Collect~Take back at end of life.;Recycle~Materials become new products.",
    ],
    quotes: [
      "We do not inherit the earth from our ancestors; we borrow it from our children.|Native American proverb|Traditional saying",
    ],
    teams: [
      "Sustainability team|The people leading the change.|Chief Sustainability Officer,Energy Manager,Circularity Lead,Community Partnerships",
    ],
    tables: [
      "Progress against goals;Goal|Target|2025|*Status;Renewable energy|100% by 2027|78%|On track;Emissions|-50% by 2030|-32%|On track;Waste to landfill|0 by 2028|12%|Behind;Trees planted|100k by 2030|25k|On track",
    ],
    thanks: ["Thank you. Together we can make a difference."],
  },
};
