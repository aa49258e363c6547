/**
 * Hand-written pieces of spam for generate.ts, of the kinds B2B contact and signup forms receive:
 * search-engine and web-design offers, crypto and money, link lists, lists and outsourcing,
 * non-English spam, look-alike letters, and what scripts type into forms.
 */

export const SEO_OPENINGS = [
  "Hi, I was checking your website and noticed it is not ranking for important keywords.",
  "Hello Sir/Madam, I visited your website and found some critical SEO issues.",
  "Dear Website Owner, your site is losing traffic to competitors every day.",
  "Hi there! My name is {name}, I am an SEO expert with 10 years of experience.",
  "Good day, I came across your website on Google page 7 which is too bad for your business.",
  "Hey, quick question — are you happy with your current Google rankings?",
  "Dear Business Owner, would you like to see your website on the first page of Google?",
  "Hello admin, we are a digital marketing agency from India.",
  "Greetings! I did a free SEO audit of your website.",
  "Hi, hope you are well. Your website has great potential but poor visibility.",
];

export const SEO_OFFERS = [
  "We provide high quality backlinks from DA 50+ sites at very affordable price.",
  "We can rank your website on the 1st page of Google within 3 months, 100% guaranteed.",
  "Our SEO services include on-page, off-page, link building and local SEO.",
  "We offer guest posting on 500+ high DA PA websites, dofollow links only.",
  "I can increase your organic traffic by 300% with white hat SEO techniques.",
  "We sell sponsored posts and link insertions on niche-relevant blogs.",
  "Get 10,000 targeted website traffic visitors per month from USA.",
  "Our SEO package starts at just $99/month with monthly reports.",
  "I will fix your website speed, meta tags and build authority backlinks.",
  "Do you accept guest post? I can pay $50 for one dofollow article.",
  "We boost your rankings with PBN links and high domain authority citations.",
  "Let us handle your search engine optimization and Google My Business listing.",
];

export const WEB_OFFERS = [
  "We are a mobile app development company and can build your app at low cost.",
  "Your website design looks outdated. We can redesign your website in 7 days.",
  "We offer WordPress developer and Shopify expert services at $15/hour.",
  "I am a web designer and I noticed your website is not mobile friendly. Can I send you a proposal?",
  "We provide website redesign, e-commerce development and maintenance packages.",
  "Revamp your website with a modern look! Prices start at $299.",
  "We are offering web development services for startups, fixed price, fast delivery.",
  "Our offshore team of 50 developers can take over your web design work.",
];

export const CALLS = [
  "Reply YES for a free quote.",
  "Kindly reply with your WhatsApp number.",
  "Contact me on WhatsApp +91 98765 43210.",
  "Let me know if interested.",
  "Can I send you the price list?",
  "Please reply to discuss further.",
  "Click here to book a call.",
  "Reply STOP to unsubscribe.",
  "Waiting for your positive reply.",
  "Looking forward to work with you.",
  "Regards, Team Digital Growth",
  "Thanks & regards, {name}",
];

export const CRYPTO = [
  "Earn up to 15% daily with our bitcoin trading bot. Guaranteed returns, withdraw anytime!",
  "Exclusive investment opportunity: USDT staking with 300% APY. Limited time offer.",
  "Congratulations! You have been selected for our Ethereum airdrop. Claim your bonus now.",
  "Make money online with forex and binary options signals from professional traders.",
  "Your crypto wallet has pending 0.75 BTC. Verify your wallet to receive it.",
  "Join our Telegram group for free trading signals. Double your money in 7 days.",
  "Passive income from home! Invest $250 and earn $5,000 per week with crypto.",
  "New NFT mint live now, whitelist spots left, don't miss the airdrop.",
  "Best online casino bonus 200% + 50 free spins. Sports betting tips daily.",
  "Need a payday loan? Instant loan approval, no credit check, loan offer inside.",
];

export const LIST_OFFERS = [
  "We have a verified B2B database of 50,000 decision makers in your industry.",
  "Would you be interested in buying a targeted email list of sales directors? Email list for sale at $0.01 per contact.",
  "We provide lead generation services and appointment setting services for SaaS companies.",
  "Grow your Instagram followers and YouTube views organically, buy followers from $5.",
  "We offer virtual assistant and outsourcing services at $6 per hour.",
  "Press release distribution to 500 news sites, guaranteed publication.",
  "Our content writing services deliver SEO friendly articles at $10 per 1000 words.",
  "Get a white label SEO partner for your agency, no contracts.",
];

/** Link spam hosts: made-up sites of the kinds these messages carry. */
export const SPAM_HOSTS = [
  "best-seo-deals.xyz",
  "cheap-backlinks.top",
  "rankboost.site",
  "traffic4u.online",
  "cryptogains.io",
  "casino-royal777.bet",
  "pillsonline.shop",
  "growfast.click",
  "webdesignpros.agency",
  "dating-hot.live",
  "bit.ly/3xYzAbc",
  "tinyurl.com/4kq9z2",
  "cutt.ly/seo-offer",
  "rb.gy/7hd2k",
  "t.co/Zq8x1",
];

export const RUSSIAN_SPAM = [
  "Продвижение сайтов в ТОП-10 Яндекса и Google. Гарантия результата! Прогон по базам, вечные ссылки.",
  "Раскрутка сайта под ключ, SEO продвижение от 5000 руб. Пишите в Telegram.",
  "Лучшее онлайн казино! Бонус 100% на первый депозит. Ставки на спорт.",
  "Заработок в интернете от 3000 рублей в день, без вложений. Криптовалюта, инвестиции.",
  "Букмекерская контора с лучшими коэффициентами. Регистрируйтесь по ссылке.",
];

export const CHINESE_SPAM = [
  "专业网站推广，快速排名优化，百度谷歌首页，高质量外链。",
  "博彩平台注册送彩金，赌场在线，日赚千元。",
  "代写论文，代写作业，价格优惠，加微信。",
  "刷单兼职，日结工资，在家就能做。",
];

/** Words spelled with look-alike letters of another alphabet (Cyrillic а, е, о, р, с, у, х; Greek ο). */
export const LOOKALIKE_TEXTS = [
  "Gеt frее bасklinks for уоur site tоdау",
  "Yоur ассоunt is suspеndеd, vеrifу nоw аt our sесurе pоrtal",
  "Crурto bоnus аvаilаblе fоr sеlесtеd usеrs only",
  "Chеар Vіаgrа аnd Сіаlіs, fаst shірріng",
  "Wе оffеr SЕО sеrviсеs with guаrаntееd rеsults",
  "Раypal payment pеnding, cоnfirm dеtаils",
];

/** What scripts send when they only need the form to go through. */
export const SCRIPTED_TEXTS = [
  "Hello, I am interested in your product. Please contact me.",
  "Hi, please send more information.",
  "test",
  "Good day",
  "Nice site!",
  "I want to know more",
  "Great website, thanks",
  "Please call me back",
  "hello",
  "Interested",
  "Price?",
  "Pls contact",
];

export const SPAM_NAMES: readonly (readonly [string, string])[] = [
  ["John", "Smith"],
  ["David", "Miller"],
  ["Mike", "Johnson"],
  ["Sarah", "Wilson"],
  ["Robert", "Davis"],
  ["Jessica", "Taylor"],
  ["Alex", "Brown"],
  ["Kevin", "Anderson"],
  ["Emily", "Thomas"],
  ["Ravi", "Kumar"],
  ["Amit", "Singh"],
  ["Sonia", "Verma"],
  ["Crystal", "Moore"],
  ["Mark", "White"],
  ["Linda", "Harris"],
  ["Brandon", "Lee"],
  ["Eric", "Jones"],
  ["Nancy", "Clark"],
  ["Rohit", "Gupta"],
  ["Steve", "Walker"],
];

export const SPAM_MAILBOXES = [
  "gmail.com",
  "gmail.com",
  "outlook.com",
  "yahoo.com",
  "hotmail.com",
  "seo-agency.in",
  "growthdigital.co",
  "marketingpro.net",
  "webfirm.biz",
  "rankers.xyz",
];

export const DISPOSABLE = [
  "mailinator.com",
  "yopmail.com",
  "guerrillamail.com",
  "10minutemail.com",
  "sharklasers.com",
  "trashmail.com",
  "dispostable.com",
  "maildrop.cc",
  "getnada.com",
  "tempail.com",
  "mailnesia.com",
  "mohmal.com",
  "emailondeck.com",
  "throwawaymail.com",
  "fakeinbox.com",
];
