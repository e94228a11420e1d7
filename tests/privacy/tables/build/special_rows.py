"""Special categories (GDPR Art. 9(1)): as a member says it, and as a careless model would store it."""

rows = []
SRC_SAY = "hand-written; categories from GDPR Art. 9(1) (https://gdpr-info.eu/art-9-gdpr/); member phrasing"
SRC_MEM = "hand-written; categories from GDPR Art. 9(1); phrased as a stored memory/profile line"


def put(category, items, src):
    for lang, text in items:
        rows.append({"id": f"special-{len(rows) + 1:03d}", "text": text, "category": category, "lang": lang, "source": src})


put(
    "health",
    [
        ("en", "been on sertraline since march, it's finally helping"),
        ("en", "got diagnosed with adhd last week lol explains a lot"),
        ("en", "can't raid tonight, chemo day tomorrow"),
        ("en", "i'm pregnant!! 12 weeks, only telling you guys so far"),
        ("en", "my insulin pump beeped mid-match again"),
        ("en", "i have really bad panic attacks, that's why i left vc"),
        ("en", "i'm bipolar and off my meds rn so sorry if im weird"),
        ("en", "wheelchair user here, so no irl meetup stairs pls"),
        ("en", "tested positive for HIV in 2019, undetectable now"),
        ("en", "had a miscarriage last month, still not ok tbh"),
        ("de", "ich hab seit jahren depressionen und nehme escitalopram"),
        ("de", "bin schwanger, aber sagt es noch keinem"),
        ("fr", "je suis sous antidépresseurs depuis l'an dernier"),
        ("fr", "on m'a diagnostiqué une endométriose"),
        ("es", "tengo diabetes tipo 1 desde los 8 años"),
        ("es", "estoy en tratamiento por ansiedad, tomo clonazepam"),
        ("pt", "tenho epilepsia, então sem luz piscando no stream pfv"),
        ("it", "ho la sclerosi multipla, alcuni giorni non riesco a giocare"),
        ("nl", "ik heb autisme en sociale dingen kosten me veel energie"),
        ("pl", "mam depresję i biorę leki od pół roku"),
        ("ja", "うつ病で休職中なんだ"),
        ("ru", "у меня биполярка, пью литий"),
        ("tr", "kanser tedavisi görüyorum, o yüzden az geliyorum"),
    ],
    SRC_SAY,
)
put(
    "health",
    [
        ("en", "Has type 1 diabetes."),
        ("en", "Takes sertraline for depression."),
        ("en", "Is pregnant (12 weeks)."),
        ("en", "Has ADHD, diagnosed recently."),
        ("en", "Is HIV positive."),
        ("en", "Uses a wheelchair."),
        ("en", "Is undergoing chemotherapy."),
        ("en", "Has bipolar disorder and stopped their medication."),
        ("de", "Hat Depressionen und nimmt Escitalopram."),
        ("fr", "Souffre d'endométriose."),
        ("es", "Tiene diabetes tipo 1."),
        ("pt", "Tem epilepsia."),
        ("it", "Ha la sclerosi multipla."),
        ("ja", "うつ病で休職中。"),
        ("ru", "Страдает биполярным расстройством."),
    ],
    SRC_MEM,
)

put(
    "religion",
    [
        ("en", "i'm muslim so no pork at the meetup pls"),
        ("en", "fasting for ramadan so i'll be slow until iftar"),
        ("en", "converted to catholicism last year, got baptized at easter"),
        ("en", "as a jewish guy i don't play on shabbat"),
        ("en", "honestly i'm an atheist, religion isn't for me"),
        ("en", "i go to a mormon church every sunday with my family"),
        ("de", "ich bin evangelisch, aber geh kaum in die kirche"),
        ("fr", "je suis musulmane pratiquante"),
        ("es", "soy testigo de jehová, por eso no celebro cumpleaños"),
        ("pt", "sou evangélico, vou no culto quarta e domingo"),
        ("it", "sono buddista da qualche anno"),
        ("pl", "jestem katolikiem, w niedzielę mnie nie ma bo msza"),
        ("tr", "ben alevi'yim"),
        ("ar", "أنا مسيحي قبطي"),
        ("hi", "मैं सिख हूँ, पगड़ी पहनता हूँ"),
    ],
    SRC_SAY,
)
put(
    "religion",
    [
        ("en", "Is Muslim and observes Ramadan."),
        ("en", "Converted to Catholicism."),
        ("en", "Is Jewish; keeps Shabbat."),
        ("en", "Is an atheist."),
        ("en", "Is a Jehovah's Witness."),
        ("de", "Ist evangelisch."),
        ("fr", "Est musulmane pratiquante."),
        ("es", "Es testigo de Jehová."),
        ("pt", "É evangélico."),
        ("it", "È buddista."),
    ],
    SRC_MEM,
)

put(
    "sexuality",
    [
        ("en", "i'm gay btw, my bf says hi"),
        ("en", "came out as bi to my parents last night"),
        ("en", "i'm ace, so dating stuff just isn't for me"),
        ("en", "me and my gf have an open relationship"),
        ("en", "i'm lesbian and my family doesn't know"),
        ("en", "lost my virginity last weekend lmao"),
        ("de", "ich bin schwul, aber auf der arbeit weiß es keiner"),
        ("fr", "je suis bi et j'ai une copine"),
        ("es", "soy lesbiana y mi novia vive en valencia"),
        ("pt", "sou gay e tô namorando um cara da faculdade"),
        ("it", "sono pansessuale"),
        ("nl", "ik ben homo, mijn vriend komt uit Gent"),
        ("ja", "実はゲイなんだ"),
        ("pl", "jestem biseksualna"),
    ],
    SRC_SAY,
)
put(
    "sexuality",
    [
        ("en", "Is gay; has a boyfriend."),
        ("en", "Is bisexual and recently came out to their parents."),
        ("en", "Is asexual."),
        ("en", "Is in an open relationship."),
        ("de", "Ist schwul."),
        ("fr", "Est bisexuel."),
        ("es", "Es lesbiana."),
        ("pt", "É gay."),
    ],
    SRC_MEM,
)

put(
    "ethnicity",
    [
        ("en", "as a black woman in tech, that hits different"),
        ("en", "i'm half korean half mexican"),
        ("en", "my family is romani, we moved a lot"),
        ("en", "i'm aboriginal, from the Yolŋu mob"),
        ("en", "being latino in this town is rough"),
        ("de", "ich bin türkischstämmig, meine eltern kamen in den 70ern"),
        ("fr", "je suis d'origine algérienne"),
        ("es", "soy de origen mapuche por parte de mi mamá"),
        ("pt", "sou negro e já sofri racismo no trabalho"),
        ("it", "sono di origine cinese ma nato a Prato"),
        ("nl", "mijn ouders zijn Marokkaans"),
        ("ru", "я татарин по национальности"),
        ("ja", "私は在日コリアンです"),
    ],
    SRC_SAY,
)
put(
    "ethnicity",
    [
        ("en", "Is Black."),
        ("en", "Is half Korean, half Mexican."),
        ("en", "Is of Romani descent."),
        ("en", "Is Aboriginal Australian."),
        ("de", "Ist türkischer Herkunft."),
        ("fr", "Est d'origine algérienne."),
        ("es", "Es de origen mapuche."),
        ("nl", "Heeft Marokkaanse ouders."),
    ],
    SRC_MEM,
)

put(
    "politics",
    [
        ("en", "i voted labour, sorry not sorry"),
        ("en", "i'm a proud socialist, eat the rich"),
        ("en", "i'm a registered republican and i'll vote trump again"),
        ("en", "i'm a member of the green party, went canvassing today"),
        ("en", "honestly i'm an anarchist, don't vote at all"),
        ("de", "ich wähle seit jahren die grünen"),
        ("de", "bin in der AfD, aber redet nicht drüber"),
        ("fr", "j'ai voté Mélenchon au premier tour"),
        ("es", "soy de izquierdas, voto a Sumar"),
        ("pt", "votei no Lula e votaria de novo"),
        ("it", "sono iscritto al PD da dieci anni"),
        ("pl", "głosowałem na Konfederację"),
        ("tr", "ben CHP'liyim"),
        ("en", "i'm pro-independence, scotland should leave the uk"),
    ],
    SRC_SAY,
)
put(
    "politics",
    [
        ("en", "Votes Labour."),
        ("en", "Is a socialist."),
        ("en", "Is a registered Republican."),
        ("en", "Member of the Green Party."),
        ("de", "Wählt die Grünen."),
        ("fr", "A voté Mélenchon."),
        ("es", "Vota a Sumar."),
        ("it", "Iscritto al PD."),
    ],
    SRC_MEM,
)

put(
    "union",
    [
        ("en", "i'm in the union at work, we're striking next week"),
        ("en", "just became our shop steward for unite lol"),
        ("en", "joined the teachers union finally"),
        ("en", "our amazon warehouse is trying to unionize and i signed the card"),
        ("de", "bin seit zwei jahren in der IG Metall"),
        ("de", "ich bin verdi-mitglied und wir streiken morgen"),
        ("fr", "je suis syndiqué à la CGT"),
        ("es", "estoy afiliada a CCOO"),
        ("pt", "sou sindicalizado, greve amanhã"),
        ("it", "sono iscritta alla CGIL"),
        ("nl", "ik ben lid van de FNV"),
        ("sv", "jag är med i facket, Kommunal"),
        ("pl", "należę do Solidarności"),
    ],
    SRC_SAY,
)
put(
    "union",
    [
        ("en", "Is a union member; on strike next week."),
        ("en", "Shop steward for Unite."),
        ("de", "Mitglied der IG Metall."),
        ("fr", "Syndiqué à la CGT."),
        ("es", "Afiliada a CCOO."),
        ("it", "Iscritta alla CGIL."),
        ("nl", "Lid van de FNV."),
    ],
    SRC_MEM,
)

put(
    "biometrics",
    [
        ("en", "did a 23andme, turns out i carry the BRCA1 mutation"),
        ("en", "my dna test says i'm 40% ashkenazi"),
        ("en", "i have the huntington's gene, my dad had it too"),
        ("en", "here's my fingerprint scan from the lock app lol [image]"),
        ("en", "my face id template got leaked in that breach"),
        ("en", "genetic test came back: i'm a carrier for cystic fibrosis"),
        ("de", "mein gentest hat ergeben, dass ich Faktor-V-Leiden habe"),
        ("fr", "mon test ADN dit que j'ai un risque génétique d'Alzheimer (APOE4)"),
        ("es", "soy portadora del gen BRCA2"),
        ("pt", "meu exame genético deu positivo pra anemia falciforme"),
        ("it", "ho fatto il test del DNA, sono portatore di talassemia"),
        ("ja", "遺伝子検査でBRCA1変異が見つかった"),
    ],
    SRC_SAY,
)
put(
    "biometrics",
    [
        ("en", "Carries the BRCA1 mutation."),
        ("en", "Has the Huntington's gene."),
        ("en", "Is a cystic fibrosis carrier."),
        ("en", "DNA test: 40% Ashkenazi."),
        ("de", "Hat Faktor-V-Leiden (Gentest)."),
        ("fr", "Porteur du gène APOE4."),
        ("es", "Portadora del gen BRCA2."),
    ],
    SRC_MEM,
)

# Wave 2 (added after the first split; split on its own): more languages and scripts.
WAVE1 = len(rows)
put(
    "health",
    [
        ("ko", "나 공황장애 있어서 약 먹고 있어"),
        ("zh", "我有抑郁症，一直在吃药"),
        ("ar", "عندي سكري من النوع الأول"),
        ("hi", "मुझे डिप्रेशन है, दवाई चल रही है"),
        ("id", "aku lagi hamil 3 bulan, jangan bilang siapa-siapa ya"),
        ("vi", "mình bị trầm cảm, đang uống thuốc"),
        ("sv", "jag har adhd och äter concerta"),
        ("uk", "у мене тривожний розлад, п'ю антидепресанти"),
        ("el", "έχω διαβήτη τύπου 1"),
        ("he", "אני בהריון, שבוע 10"),
        ("fa", "من افسردگی دارم و قرص می‌خورم"),
        ("th", "เราเป็นโรคซึมเศร้า กินยาอยู่"),
        ("cs", "mám epilepsii, takže žádné blikající světla"),
        ("hu", "cukorbeteg vagyok, inzulint használok"),
        ("ro", "am diabet de tip 2"),
        ("fi", "mulla on masennus ja syön lääkkeitä"),
        ("tr", "panik atak geçiriyorum, ilaç kullanıyorum"),
        ("en", "just got out of the psych ward, doing better"),
        ("en", "i'm deaf so i can't do voice chat, text only"),
        ("en", "my ocd is bad today, sorry for the spam edits"),
    ],
    SRC_SAY,
)
put(
    "health",
    [
        ("ko", "공황장애로 약을 복용 중."),
        ("zh", "患有抑郁症，正在服药。"),
        ("sv", "Har ADHD och tar Concerta."),
        ("en", "Is deaf; uses text chat only."),
        ("en", "Has OCD."),
        ("en", "Was recently in a psychiatric ward."),
        ("tr", "Panik atak geçiriyor."),
        ("id", "Sedang hamil 3 bulan."),
    ],
    SRC_MEM,
)
put(
    "religion",
    [
        ("ko", "나 기독교라서 일요일엔 교회 가"),
        ("zh", "我信佛"),
        ("id", "aku muslim, lagi puasa"),
        ("he", "אני דתי, לא משחק בשבת"),
        ("el", "είμαι ορθόδοξη χριστιανή"),
        ("vi", "mình theo đạo Phật"),
        ("uk", "я греко-католик"),
        ("fa", "من بهائی هستم"),
        ("en", "i'm a practising hindu, navratri fast this week"),
        ("en", "Is a practising Hindu."),
        ("id", "Beragama Islam, sedang puasa."),
        ("he", "דתי; לא משחק בשבת."),
    ],
    SRC_SAY,
)
put(
    "sexuality",
    [
        ("ko", "나 사실 레즈비언이야"),
        ("zh", "我是双性恋"),
        ("id", "aku gay tapi keluarga belum tahu"),
        ("sv", "jag är bisexuell"),
        ("tr", "ben geyim ama kimse bilmiyor"),
        ("ru", "я лесбиянка"),
        ("en", "i'm trans and my family doesn't know yet, pls use she/her"),
        ("en", "Is trans; family does not know."),
        ("zh", "是双性恋。"),
        ("tr", "Gey; kimse bilmiyor."),
    ],
    SRC_SAY,
)
put(
    "ethnicity",
    [
        ("ko", "우리 엄마는 베트남 사람이야"),
        ("zh", "我是维吾尔族"),
        ("sv", "jag är same"),
        ("he", "אני ממוצא אתיופי"),
        ("ar", "أنا كردي"),
        ("en", "i'm indigenous, Cree on my dad's side"),
        ("en", "Is Cree (Indigenous)."),
        ("zh", "是维吾尔族。"),
        ("ar", "كردي الأصل."),
    ],
    SRC_SAY,
)
put(
    "politics",
    [
        ("ko", "나 민주당 지지해"),
        ("zh", "我支持台独"),
        ("sv", "jag röstar på Vänsterpartiet"),
        ("hu", "a Fideszre szavaztam"),
        ("el", "ψήφισα ΣΥΡΙΖΑ"),
        ("ru", "я за оппозицию, ходил на митинг"),
        ("en", "i'm a communist, party member since 2018"),
        ("en", "Is a Communist Party member."),
        ("sv", "Röstar på Vänsterpartiet."),
        ("ru", "Поддерживает оппозицию."),
    ],
    SRC_SAY,
)
put(
    "union",
    [
        ("ko", "나 민주노총 조합원이야"),
        ("ja", "労働組合に入ってる"),
        ("fi", "kuulun ammattiliittoon"),
        ("da", "jeg er medlem af 3F"),
        ("no", "jeg er med i LO"),
        ("en", "i'm the union rep at my hospital"),
        ("en", "Union rep at their hospital."),
        ("ja", "労働組合に加入している。"),
        ("da", "Medlem af 3F."),
    ],
    SRC_SAY,
)
put(
    "biometrics",
    [
        ("ko", "유전자 검사에서 BRCA 변이 나왔어"),
        ("zh", "基因检测说我有地中海贫血基因"),
        ("de", "laut DNA-test bin ich träger von mukoviszidose"),
        ("en", "my iris scan got stored by that crypto orb thing"),
        ("en", "voiceprint enrolled at my bank, they call me by voice now"),
        ("en", "Iris scan stored by Worldcoin."),
        ("de", "Träger von Mukoviszidose (DNA-Test)."),
        ("zh", "携带地中海贫血基因。"),
    ],
    SRC_SAY,
)
_STORED_FORM = {
    "Is a practising Hindu.",
    "Beragama Islam, sedang puasa.",
    "דתי; לא משחק בשבת.",
    "Is trans; family does not know.",
    "是双性恋。",
    "Gey; kimse bilmiyor.",
    "Is Cree (Indigenous).",
    "是维吾尔族。",
    "كردي الأصل.",
    "Is a Communist Party member.",
    "Röstar på Vänsterpartiet.",
    "Поддерживает оппозицию.",
    "Union rep at their hospital.",
    "労働組合に加入している。",
    "Medlem af 3F.",
    "Iris scan stored by Worldcoin.",
    "Träger von Mukoviszidose (DNA-Test).",
    "携带地中海贫血基因。",
}
for row in rows[WAVE1:]:
    if row["text"] in _STORED_FORM:
        row["source"] = SRC_MEM
assert sum(row["source"] == SRC_MEM for row in rows[WAVE1:]) == 8 + len(_STORED_FORM)
rows, rows2 = rows[:WAVE1], rows[WAVE1:]

# Wave 3 (split on its own): genetic/biometric data and disability in more languages; said in passing.
_wave1, _wave2 = rows, rows2
rows = _wave1 + _wave2
WAVE2_END = len(rows)
put(
    "biometrics",
    [
        ("pt", "fiz o teste de DNA e deu que tenho o gene da doença de Huntington"),
        ("it", "il test genetico dice che ho la mutazione BRCA2"),
        ("nl", "mijn DNA-test zegt dat ik drager ben van taaislijmziekte"),
        ("pl", "badanie genetyczne wykazało u mnie mutację BRCA1"),
        ("ru", "генетический тест показал, что я носитель гена муковисцидоза"),
        ("tr", "genetik testte BRCA1 mutasyonu çıktı"),
        ("sv", "mitt gentest visade att jag bär på anlag för Huntingtons sjukdom"),
        ("en", "sent my spit to ancestry and now i know i'm a carrier for sickle cell"),
    ],
    SRC_SAY,
)
put(
    "health",
    [
        ("en", "gonna be slow tonight, my chronic fatigue is flaring"),
        ("en", "sorry i vanished, was in rehab for 30 days"),
        ("de", "bin autist, deswegen manchmal etwas direkt"),
        ("es", "soy sordo de un oído así que hablad claro en vc"),
        ("fr", "je suis en fauteuil depuis mon accident"),
        ("ja", "ADHDの薬飲み始めた"),
    ],
    SRC_SAY,
)
put(
    "sexuality",
    [("de", "mein freund und ich sind seit 3 jahren zusammen (ja, ich bin ein typ)"), ("en", "i'm demisexual fwiw")],
    SRC_SAY,
)
put("religion", [("de", "bin aus der kirche ausgetreten, bin jetzt atheist"), ("ja", "うちは創価学会なんだ")], SRC_SAY)
rows, rows2, rows3 = _wave1, _wave2, rows[WAVE2_END:]
