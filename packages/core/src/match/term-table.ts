/**
 * The curated table of medical abbreviations and equivalent terms (issue 4 §1). Each row names one
 * canonical term and the phrasings that mean the same thing in Russian price lists; matching replaces
 * any of them, in a position name and in a dictionary name alike, by the canonical term, so
 * `Ультразвуковое исследование почек` meets `УЗИ почек` and `Консультация окулиста` meets
 * `Прием офтальмолога`.
 *
 * Rules for adding a row (docs/matching.md): the phrasings must be interchangeable in *every* context
 * of a price list, not merely related; a narrower term never maps to a broader one (`гастроскопия` is
 * ФГДС, but `эндоскопия` is not). Phrases are written in their dictionary form; they are compared on
 * stems, so inflected forms (`ультразвукового исследования`) match too.
 */

/** One row: the canonical term (one or more words) and its equivalent phrasings. */
export interface TermEquivalence {
  readonly canonical: string;
  readonly variants: readonly string[];
}

export const TERM_EQUIVALENCES: readonly TermEquivalence[] = [
  // Imaging and functional diagnostics.
  {
    canonical: 'узи',
    variants: [
      // «исследование» itself is a noise word (noise-words.ts), so the adjective alone stands for the phrase.
      'ультразвуковое исследование', 'ультразвуковое', 'ультразвуковая диагностика', 'сонография', 'узи', 'уздг', 'уздс',
      'допплерография', 'доплерография', 'дуплексное сканирование', 'триплексное сканирование', 'дуплексное',
    ],
  },
  { canonical: 'доплер', variants: ['допплер', 'доплер'] },
  { canonical: 'мрт', variants: ['магнитно резонансная томография', 'мр томография', 'мрт'] },
  { canonical: 'кт', variants: ['мультиспиральная компьютерная томография', 'компьютерная томография', 'мскт', 'кт'] },
  { canonical: 'рентген', variants: ['рентгенологическое', 'рентгенография', 'рентгенограмма', 'рентген', 'rg'] },
  // An MRI «в ангиорежиме» is an angiography, and an angiography images the vessels, whether the name says so
  // (`МРТ сосудов головного мозга (ангиография)`) or not (`МРТ головного мозга в ангиорежиме`).
  { canonical: 'сосуды ангиография', variants: ['ангиорежим', 'ангиографический режим', 'ангиография', 'сосуды ангиография'] },
  { canonical: 'флюорография', variants: ['флюорография', 'флг'] },
  { canonical: 'экг', variants: ['электрокардиография', 'электрокардиограмма', 'экг'] },
  // The transrectal probe, whatever organ it examines (prostate, or the pelvis of a virgin).
  { canonical: 'трансректальное узи', variants: ['трансректальное ультразвуковое', 'трансректальное узи', 'трузи'] },
  // Ultrasound of the brain is possible only through an infant's fontanelle: it is neurosonography.
  { canonical: 'узи головного мозга', variants: ['нейросонография', 'нсг', 'узи головного мозга'] },
  { canonical: 'эхокг', variants: ['эхокардиография', 'эхокардиоскопия', 'эхо кг', 'эхокг', 'узи сердца'] },
  { canonical: 'ээг', variants: ['электроэнцефалография', 'ээг'] },
  { canonical: 'энмг', variants: ['электронейромиография', 'электромиография', 'энмг', 'эмг'] },
  // Two nouns of one action: `ЭЭГ мониторинг сна` is a `Мониторирование ЭЭГ`.
  { canonical: 'мониторирование', variants: ['мониторинг', 'мониторирование'] },
  { canonical: 'смад', variants: ['суточное мониторирование артериального давления', 'суточное мониторирование ад', 'смад'] },
  { canonical: 'холтер', variants: ['суточное мониторирование экг', 'холтеровское мониторирование', 'холтер'] },
  { canonical: 'фгдс', variants: ['фиброгастродуоденоскопия', 'эзофагогастродуоденоскопия', 'гастродуоденоскопия', 'гастроскопия', 'фгдс', 'эгдс', 'фгс'] },
  { canonical: 'колоноскопия', variants: ['фиброколоноскопия', 'видеоколоноскопия', 'колоноскопия', 'фкс'] },
  // The breast is «грудная железа» as often as «молочная» (`УЗИ грудных желез у мужчин`).
  { canonical: 'молочная железа', variants: ['грудная железа', 'молочная железа'] },
  // The organs an abdominal ultrasound examines, listed in the order every list names them.
  {
    canonical: 'обп',
    variants: ['органы брюшной полости', 'брюшная полость', 'обп', 'печень желчный пузырь поджелудочная железа селезенка'],
  },
  { canonical: 'омт', variants: ['органы малого таза', 'малый таз', 'омт'] },
  // Intravenous laser blood irradiation: inside a vessel is inside a vein, the procedure has one name.
  { canonical: 'влок', variants: ['внутривенное лазерное облучение крови', 'внутрисосудистое лазерное облучение крови', 'влок'] },
  // Visits and doctors.
  { canonical: 'прием', variants: ['консультативный прием', 'консультация', 'консультирование', 'осмотр', 'прием'] },
  { canonical: 'офтальмолог', variants: ['офтальмолог', 'окулист'] },
  { canonical: 'невролог', variants: ['невропатолог', 'невролог'] },
  { canonical: 'лор', variants: ['оториноларинголог', 'отоларинголог', 'оторинолоринголог', 'лор врач', 'лор'] },
  { canonical: 'акушер гинеколог', variants: ['акушер гинеколог', 'гинеколог акушер'] },
  // Inflections the stemmer cannot join (a vowel that drops out: почка / почек).
  { canonical: 'почки', variants: ['почка', 'почки', 'почек'] },
  { canonical: 'мазок', variants: ['мазок', 'мазка'] },
  { canonical: 'узел', variants: ['узел', 'узла'] },
  { canonical: 'палец', variants: ['палец', 'пальца'] },
  { canonical: 'рубец', variants: ['рубец', 'рубца'] },
  // Laboratory. Taking a sample: `Взятие мазка` is the dictionary's `Забор … мазка`.
  { canonical: 'забор', variants: ['взятие', 'забор'] },
  { canonical: 'оак', variants: ['общий анализ крови', 'клинический анализ крови', 'общеклинический анализ крови', 'развернутый анализ крови', 'гемограмма', 'оак'] },
  { canonical: 'оам', variants: ['общий анализ мочи', 'клинический анализ мочи', 'моча общий анализ', 'оам'] },
  { canonical: 'бак', variants: ['биохимический анализ крови', 'биохимия крови', 'бак'] },
  { canonical: 'кровь', variants: ['сыворотка крови', 'плазма крови', 'венозная кровь', 'капиллярная кровь', 'цельная кровь', 'сыворотка', 'плазма', 'кровь'] },
  { canonical: 'вмс', variants: ['внутриматочная спираль', 'внутриматочный контрацептив', 'вмс'] },
  { canonical: 'кал', variants: ['кал', 'фекалии', 'стул'] },
  { canonical: 'яйца глист', variants: ['яйца гельминтов', 'яйца глистов', 'я г', 'гельминты'] },
  { canonical: 'ттг', variants: ['тиреотропный гормон', 'ттг', 'tsh'] },
  { canonical: 'т4 свободный', variants: ['свободный тироксин', 'тироксин свободный', 'т4 свободный', 'т4 св', 'ft4'] },
  { canonical: 'т3 свободный', variants: ['свободный трийодтиронин', 'трийодтиронин свободный', 'т3 свободный', 'т3 св', 'ft3'] },
  { canonical: 'ат тпо', variants: ['антитела к тиреопероксидазе', 'ат к тпо', 'ат тпо', 'anti tpo'] },
  { canonical: 'алт', variants: ['аланинаминотрансфераза', 'аланинтрансаминаза', 'алат', 'алт', 'alt'] },
  { canonical: 'аст', variants: ['аспартатаминотрансфераза', 'аспартаттрансаминаза', 'асат', 'аст', 'ast'] },
  { canonical: 'срб', variants: ['c реактивный белок', 'с реактивный белок', 'c реактивного белка', 'с реактивного белка', 'срб', 'crp'] },
  { canonical: 'соэ', variants: ['скорость оседания эритроцитов', 'соэ'] },
  { canonical: 'лг', variants: ['лютеинизирующий гормон', 'лютеотропный гормон', 'лютропин', 'лг', 'lh'] },
  { canonical: 'фсг', variants: ['фолликулостимулирующий гормон', 'фоллитропин', 'фсг', 'fsh'] },
  { canonical: 'актг', variants: ['адренокортикотропный гормон', 'кортикотропин', 'актг', 'acth'] },
  { canonical: 'ecp', variants: ['эозинофильный катионный белок', 'эозинофильный катионный протеин', 'эозинофильно катионный протеин', 'эозинофильно катионный белок', 'ecp'] },
  { canonical: 'гспг', variants: ['глобулин связывающий половые гормоны', 'глобулинсвязывающий половой гормон', 'гспг', 'shbg'] },
  { canonical: 'рэа', variants: ['раково эмбриональный антиген', 'рэа', 'cea'] },
  { canonical: 'пса', variants: ['простатспецифический антиген', 'простат специфический антиген', 'пса', 'psa'] },
  { canonical: 'хгч', variants: ['хорионический гонадотропин', 'хгч', 'hcg'] },
  // «времени» keeps the «ен» of its stem that «время» lacks.
  { canonical: 'пв', variants: ['протромбиновое время', 'протромбиновое времени', 'пв'] },
  { canonical: 'пти', variants: ['протромбиновый индекс', 'пти'] },
  { canonical: 'мно', variants: ['международное нормализованное отношение', 'мно', 'inr'] },
  { canonical: 'ачтв', variants: ['активированное частичное тромбопластиновое время', 'ачтв', 'аптв'] },
  { canonical: 'гликозилированный гемоглобин', variants: ['гликированный гемоглобин', 'гликозилированный гемоглобин', 'hba1c'] },
  { canonical: 'фолаты', variants: ['фолиевая кислота', 'фолаты', 'фолат'] },
  { canonical: 'белок', variants: ['протеин', 'белок', 'белка', 'белков'] },
  { canonical: 'антитела', variants: ['антитела', 'антител', 'anti', 'ат'] },
  { canonical: 'пцр', variants: ['полимеразная цепная реакция', 'пцр', 'pcr'] },
  { canonical: 'ифа', variants: ['иммуноферментный анализ', 'ифа', 'elisa'] },
  { canonical: 'нриф', variants: ['непрямая иммунофлюоресценция', 'реакция непрямой иммунофлюоресценции', 'нриф'] },
  { canonical: 'риф', variants: ['реакция иммунофлюоресценции', 'прямая иммунофлюоресценция', 'риф'] },
  { canonical: 'igg', variants: ['ig g', 'igg', 'иммуноглобулин g', 'антитела класса g', 'антитела g'] },
  { canonical: 'igm', variants: ['ig m', 'igm', 'иммуноглобулин m', 'антитела класса m', 'антитела m'] },
  { canonical: 'iga', variants: ['ig a', 'iga', 'иммуноглобулин a', 'антитела класса a'] },
  { canonical: 'ige', variants: ['ig e', 'ige', 'иммуноглобулин e'] },
  { canonical: 'впг', variants: ['вирус простого герпеса', 'простой герпес', 'впг', 'hsv'] },
  { canonical: 'вэб', variants: ['вирус эпштейна барр', 'эпштейна барр', 'эпштейн барр', 'вэб', 'ebv'] },
  { canonical: 'цмв', variants: ['цитомегаловирус', 'цитомегаловирусная инфекция', 'цмв', 'cmv'] },
  { canonical: 'вич', variants: ['вирус иммунодефицита человека', 'вич', 'hiv'] },
];
