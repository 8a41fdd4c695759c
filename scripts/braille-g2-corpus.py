#!/usr/bin/env python3
"""Generates the grade 2 reference inputs crates/braille/tests/reference/{en,ar}-g2.txt.

The lines are drawn, with a fixed seed, from:
  * the contraction rules of the liblouis tables themselves (every rule's print,
    in and out of context), so that every contraction and exception is exercised;
  * a real word list: Debian `wamerican` (/usr/share/dict/american-english) for
    English, Debian `hunspell-ar` (/usr/share/hunspell/ar.dic) for Arabic;
  * sentences: Debian `fortunes` / `fortunes-min` for English; hand-written
    Arabic sentences (ARABIC_SENTENCES below);
  * generated lines for proper names, capitals, numbers and mixed punctuation.

Nothing is chosen by whether Lamsa's engine agrees with liblouis on it. Then run
scripts/liblouis-reference.sh to produce the .tsv files liblouis writes for them.

usage: scripts/braille-g2-corpus.py   (needs: apt-get install wamerican fortunes fortunes-min hunspell-ar liblouis-data)
"""
import os
import random
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "crates/braille/tests/reference")
TABLES = os.path.join(ROOT, "crates/braille/tables")

# Characters both engines write in English (no tab or backslash: lou_translate
# reads escapes).
EN_OK = set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "
    ".,;:!?'\"-()[]{}/@#$%&*+=<>_|~^`‘’“”…–—éèàçñüöäÉ"
)


def unescape(s):
    def rep(m):
        return chr(int(m.group(1), 16))

    return re.sub(r"\\x([0-9a-fA-F]{4})", rep, s).replace("\\s", " ")


def table_rules(path):
    """(opcode, print, rest-of-line words) for every forward contraction rule."""
    out = []
    for line in open(path, encoding="utf-8"):
        toks = line.split()
        if not toks or toks[0].startswith("#"):
            continue
        if toks[0] == "nofor":
            continue
        while toks and toks[0] in ("noback", "empmatchbefore", "empmatchafter"):
            toks = toks[1:]
        if not toks:
            continue
        op = toks[0]
        if op == "match" and len(toks) >= 5:
            out.append((op, unescape(toks[2]), toks[5:]))
        elif op in (
            "always", "word", "sufword", "prfword", "begword", "begmidword", "midword",
            "midendword", "endword", "partword", "lowword", "contraction",
        ) and len(toks) >= 2:
            out.append((op, unescape(toks[1]), toks[2:] if op == "contraction" else toks[3:]))
    return out


def dedupe(lines):
    seen = set()
    out = []
    for l in lines:
        l = re.sub(r"\s+", " ", l).strip()
        if l and l not in seen:
            seen.add(l)
            out.append(l)
    return out


# Examples of the Rules of Unified English Braille 2013 (§2.6 and §§10.1–10.9), as
# liblouis's own test suite (tests/braille-specs/en-ueb-*.yaml) lists them.
RUEB_EXAMPLES = """
When will Will meet us?|Every child from here knows Mr More.|"do re mi fa so"|That is quite fair and very just.
"People, people who need people"|I do not like that watering-can!|But, would the people rather do the can-can for us?
"You so-and-so–go away!"|"I do have some–but I would like more!"|last will and testament|a child-like manner
will-o'-the-wisp|"Do-It-Yourself"|come from–not go to|(just say so)|As You Like It|likes and dislikes
childlike and likeness|moreover and evermore|"must have"s|www.doityourself.com|"but, no buts"|peoples|quite/very
d'you|t'do|t'have|it'd|you'd|it'll|that'll|you'll|you're|people's|so's|you's|can't|you've|Thomas More's life
Mr Just's house|I can–you can't!|"You've done it!"|more'n|you'm|US|IT|CAN Network|GO Train|but-ton|be–have|dis as ter
Which CHILD-PROOF lock?|still-life and whiskey-still|(This way out!)|"Which way out?"|childish|grandchild|outcome
without|shallot|shallow|shilly-shally|standstill|thistle|whichever|this/that|Stillson wrench|www.universalchildcare.ca
this'd|which'll|still's|which've|Julia Child's recipe|this'n|andante|England|grandad|grandmother|meander|merchandise
pandemic|pandowdy|afford|comfort|forgo|Fortran|Pforzheimer|pianoforte|coffee|Geoffrey|lofty|often|profane|roof|sofa
tofu|whereof|Athens|bathed|bother|Esther|furthest|nevertheless|scythe|thee|Matthew|Parthenon|theatre|Theresa|forthwith
withe|Swithin|with a knowledge of and respect for the rules|Thelma's roof will withstand the force of the wind and/or the rain.
Andy Vandyke proofread the profile.|out-of-the-way|chifforobe|twofold|insofar|biofeedback|microfilm|apartheid|northeast
thence|sweetheart|Sontheimer|aerial|aghast|anteroom|argh!|bear|boredom|brougham|cheddar|cherished|cough|coupon|cringed
derailed|dingy|dough|ed.|Edith|e'er|er–|erase|Erie|error|freedom|ginger|gingham|Goering|hierarchy|laugh|lingerie|lowdown
malediction|meningitis|merchandising|meringue|mistake|monowheel|nightingale|nth|oedema|'ounds|"Ow!"|(par)|predated|psst
redistribute|reroute|riflery|sheer|Singh|sou'east|'struth|Thomas|thorough|thou|toward|trebled|wharf|whistle|Xth|xxist
anthill|deshabille|foghorn|kilowatt|noway|painstaking|parenthood|rawhide|shanghai|Stalingrad|viceregal|Sh!|th'|St.|Wh–?
St Stephen|ch-ch-chilly|Shhh!|th'n|Ste Anne|finger|singe|singeing|sting|stinging|brown(ing)|SmithInge|Ch'ing Dynasty
ingot|Ingoldsby|ingredients|ingrown|to-ing and fro-ing|Smith–Inge|to be|his car|Be good.|HIS DOG|BE ALL THAT YOU CAN BE
at my (not his) house|He is [was]; they are [were].|(Were there many?)|his/her|What will you be?|would-be actor
his-and-hers towels|That were–I mean was–mine.|"Be safe."|it was enough|GIVE MORE THAN ENOUGH|Buy meat (enough for 2).
Enough's happened.|Mum's had-enough mood|www.enoughforall.org|enough/sufficient|not in here|In or out?|GO ALL IN|in't
mother-in-law|listen-in|"teach-in"|IN-DEPTH|("In no way.")|<in file>|in/out|Come in, stay in.|"In any case"
It was enough–more than enough.|We had enough–5.|Take enough.|beatitude|Beatrice|become|begonia|behemoth|being|beneficent
beta|first-begotten|air-conditioned|concept|congress|control|re-connect|disaster|disco|dishonest|dislike|dissect|distance
self-discipline|beckon|been|belligerent|benefit|best|bethel|better|unbecoming|con|conch|cone|coneys|inconvenient|disc|dish
dishevel|dispirited|disulphide|indistinct|"Belinda!"|'display will minimise'|concave/convex|McConnell|O'Connor|MetroDisco
be'ave|be-stow|[be]hold|con(vey)|dis'armony|BeLinda|conCUR|DisCORD|DISlike|Conn.|cont|dist.|mod cons|BEd|Belg|bet|Bev|Con.
accept|account|acreage|affirm|aggressive|agreeable|areas|arpeggio|baccalaureate|beat|begging|borealis|bubble|bureau
Caribbean|caveat|create|creation|disease|doggone|eggnog|epicurean|flaccid|genealogy|Hanseatic|head|Judaean|likeable
Liliaceae|lineage|mecca|Minneapolis|Montreal|motheaten|muffin|Neapolitan|occupy|oceanic|oleaginous|orgeat|paean|pancreas
peaceable|peanut|rabbi|really|Seamus|Sean|seashore|Seattle|Sheffield|sheriffs|speakeasy|tableau|tobacco|toreador|Yeats
appear|arccosine|bacchanal|dumbbell|'ead|east|ebb|ebb-tide|hideaway|idea(s)|Leander|limeade|mah-jongg|man-eater
pineapple|robb'd|saccharine|sea-green|sheriff's|snuff|subbasement|tea|CliffSide|EggHead|MacEACHEN|SeaWorld|TEAspoon
deactivate|geanticline|preamble|reaction|antinode|arena|begin|be'ind|binary|binomial|Blakeney|Caen|casino|china|Chopin
citizeness|deafen|denote|deny|disingenuous|double-entendre|e'en|Einstein|enceinte|engine|Enid|enormous|equinox|faint
feminine|goin'|haven't|henna|Inc.|incline|in's|into|maenad|Montenegro|phoenix|p(en)|p(in)|prenatal|queen|renew
self-induced|shut-ins|within|to-ing|benign|business|fenced|filename|forenoon|Francene|lament|toenail|Aix-en-Provence
Chou En-lai|en route|"Sudden!"|"Comin'?"|bein'|(bein')|foreword|misworded|sword|word-for-word|Wordsworth|cannot|Germany
many-sided|spirits|spiritual|theirs|underworld|world-wide|worldly|day-by-day|Dayton|Friday|G'day|father-in-law|fatherless
grandfather|acknowledge|knowing|Knowles|well-known|Gaylord|lordosis|lordship|m'lord|godmother|mother-of-pearl|motherly
smother|Bonaparte|impartial|part-time|partake|parterre|party|passe-partout|Spartan|questionnaire|unquestionable
affrighted|aright|brighten|millwright|right-handed|righteous|youngest|Youngstown|characteristic|characterise|throughout
elsewhere|somewhere|whereby|wherein|drought|fought|Houghton|oughtn't|thoughtful|coworker|fireworks|stonework|unworkable
workday|working|Dayan|Sanday|today|Lucknow|chlordane|chemotherapy|where'er|wherever|Dworkin|upon these shores
Whose are those?|hereupon|whereupon|whosesoever|thereby|therefore|therein|thereupon|Dupont|hypotheses|Theseus|spathose
Thoseby|bothered|ethereal|isothere|smithereens|withered|Galahad|haddock|Haddon|hadji|Hadley|hadn't|Chad|Hades|Hadrian
menhaden|shadow|Thaddeus|asseverate|beverage|Everest|everything|fever|irreverence|reverend|several|Severn|Unilever
believer|eversion|Guinevere|McKeever|Monteverdi|persevere|reverberate|revere|reverify|severity|thievery|adhere|atmosphere
cohere|hereabout|herewith|sphere|nameable|renamed|surname|adhered|coherence|heredity|Hereford (City)|enamel|ornament
unamended|Vietnamese|acetone|atonement|baloney|bygone|demonetise|dishonesty|done|everyone|honey|Jones|lonesome|Mulroney
one-sided|oneness|phone|scone|stoney|anemone|baroness|baronet|Boone|Cantonese|colonel|Conestoga|crooner|cushioned
Donegal|erroneous|Hermione|Indonesia|krone|Monet|onerous|phonetic|pioneer|poisoned|Rooney|sooner|stoned|blithesome
chromosome|fearsome|handsome|handsomer|lonesomest|somebody|somesuch|twosome|blossomed (blossom)|gasometer|isometric
ransomed (ransom)|somersault|Somerset|daytime|maritime|mistimed|pastime|sometimes|springtime|timeously|Timex|untimely
altimeter|centime|centimeter|Mortimer|multimedia|sentiment|blunder|misunderstand|thundered|undergo|underpaid|Wunderhorn
flounder|laundering|Saunders|underived|underogatory|amount|bastion|blessing|cancel|carefully|cement|cheerful|chockfull
circuity|commencement|comment|confusion|country|county|dancer|deity|Du Plessis|experienced|expressionless|extramental
fences|finesse|found|fractional|Frances|governess|Guinness|incongruous|influenceable|lioness|longevity|memento|mongoose
mountain|noblesse|persuasion|pity|pongee|prong|rationally|rotation|Rountree|silenced|sinfulness|Spencer|sponge|sound
sublessee|Tennessee|tongue|unfulfilled|unless|unlessoned|Wenceslaus|wounded|"alone"ness|ancestor|channel-less|congruous
electroencephalogram|encephalitis|inessential|lessee|moongod|nongaseous|one-ness|'ound|pityard|AttenTION!|AWful|ELesson
ExperiMental|MyAncestor|chieftainess|heatheness|You should receive your letter tomorrow afternoon.
an about-face from the quick-witted go-between|"Good-bye, Miss Little-Smythe!"|(braille–first writing system for blind people)
to-night|above/below|PRINT/BRAILLE|friend@rogers.com|www.living.beyond.myself.org|aboveground|belowdecks|Friendly Islands
godchildren|goodafternoon|hereabouts|lettermen|Quicker Delivery|repaid|suchlike
Our boyfriends mustn't miss tomorrow's afterdinner speaker!|Mr Letterman could've quickly rebrailled the Aftercare Newsletter.
I am brailling the newsletters' headlines.|friend(s)|print/braille|www.afterschool.gov|aftereffect|afterimage|blinded
blinding|befriended|friendy|abouts|acrosses|againe|almosts|hims|hereinbefore|hereinbelow|inbetween|misconceived|"couldx"
Himalayas|Suchet|Yourcenar|Braillette board|Marcillat-en-Combraille, France|Greatford Hall|greatgreatgreatgrandchildren
Greatorex|Blindcraft|Blindheim|Firstbank|Firstchoice|"goodz"|Mr Feelgreat from Goodge Street|Ms Letterkenny's Littleport home.
Quicksburg, Virginia|Blindoc|www.braillex.com|Firstamerica|Goodacre|Littlearm|Letterewe Estate|Mr Linkletter of Portlittle
Bisquick Pancake Mix|Ted Makegood of Goodena|Herf gun|"mst" files|www.sch.edu.au|ab initio|et al–|Al-Azar|Alt.: 3000 ft.
"Hm, would Al like this CD?"|Grtsamada|BLCUP|spelled "ei" or "ie"?|Dobrljin|ozbrl|ahimsa|braillist|declaration|drafter
lacrosse|marabout|mustache|mustang|muster|necessarily|rafter|shoulder|x|it|was|al|also|e-x-u-d-e|do-it-yourself
out-and-out|5-yrf-678|I like x–it works.|his child–this one|my friend–Fr John|th--r|(c|[can|{af|–(after|“do|‘your
"yr-123|'e 'as|N|Not Like That|LITTLE CHILD|–GREAT|OUT OF TOWN|–“[Be true.]”|<x, y>|*from|&c|Apt. #B
very, very still; rather good.|d:|this...|rejoice!|(q, r)|[quite, rather]|{k-p}|"Which go-between?"|children.”|t' have–
friends' numbers|ALWAYS BE YOURSELF|t'night|word(s)|ab/cd|could/should|this.)*|just_for_good.org|ch...f|a:b :: x:y|X%
‘It'll|[X'll|child's?)|“p's and q's”|P.S.|p.s.|O.K.|e.g.|i.e.|R.S.V.P.
"""


def english(rng):
    lines = [l for chunk in RUEB_EXAMPLES.strip().split("\n") for l in chunk.split("|") if set(l) <= EN_OK]
    words = [w.strip() for w in open("/usr/share/dict/american-english", encoding="utf-8")]
    words = [w for w in words if w and set(w) <= EN_OK]
    lower = [w for w in words if w[0].islower()]
    names = [w for w in words if w[0].isupper() and "'" not in w]

    # 1. Every rule of the table, alone and in a sentence frame.
    frames = ["{}", "The {} is here.", "({})", "\"{}\"", "{}, {}!", "{}'s"]
    for op, p, rest in table_rules(os.path.join(TABLES, "en-ueb-g2.ctb")):
        if not set(p) <= EN_OK or not any(c.isalpha() for c in p):
            continue
        lines.append(p)
        lines.append(rng.choice(frames[1:]).format(p, p))
        # Words named in the rule's comment (e.g. "deappetise", "reabsorb").
        for w in rest:
            w = w.strip(",.")
            if w.isalpha() and w.islower() and p.strip(".").lower() in w and len(w) > len(p):
                lines.append(w)

    # 2. Dictionary words, alone and a few at a time.
    lines += rng.sample(lower, 1500)
    for _ in range(300):
        lines.append(" ".join(rng.sample(lower, rng.randint(2, 6))))

    # 3. Proper names.
    for _ in range(250):
        lines.append(" ".join(rng.sample(names, rng.randint(1, 3))))

    # 4. Capitals: words in capitals, capital passages, mixed case.
    for _ in range(200):
        ws = rng.sample(lower, rng.randint(1, 5))
        k = rng.randint(0, 3)
        if k == 0:
            lines.append(" ".join(w.upper() for w in ws))
        elif k == 1:
            lines.append(" ".join(w.capitalize() for w in ws))
        elif k == 2:
            i = rng.randrange(len(ws))
            ws[i] = ws[i].upper()
            lines.append(" ".join(ws))
        else:
            w = ws[0]
            j = rng.randrange(len(w))
            lines.append(w[:j] + w[j:].upper() + " " + " ".join(ws[1:]))

    # 5. Numbers among words.
    for _ in range(200):
        n = rng.choice([
            str(rng.randint(0, 100)), str(rng.randint(100, 99999)), f"{rng.randint(1, 999)},{rng.randint(100, 999)}",
            f"{rng.randint(0, 99)}.{rng.randint(0, 99)}", f"{rng.randint(1, 31)}st", f"{rng.randint(1, 31)}nd",
            f"{rng.randint(1, 31)}th", f"{rng.randint(1, 12)}am", f"{rng.randint(1, 12)}:{rng.randint(10, 59)}",
            f"${rng.randint(1, 500)}", f"{rng.randint(1, 100)}%", f"{rng.randint(1, 9)}{rng.choice(lower)[:3]}",
        ])
        ws = rng.sample(lower, rng.randint(1, 4))
        ws.insert(rng.randint(0, len(ws)), n)
        lines.append(" ".join(ws))

    # 6. Punctuation around and between words.
    marks = [
        ("\"", "\""), ("“", "”"), ("'", "'"), ("‘", "’"), ("(", ")"), ("[", "]"), ("", "..."), ("", "…"),
        ("", "!"), ("", "?"), ("", ";"), ("", ":"), ("", ","), ("", "."), ("-", ""), ("", "-"),
    ]
    for _ in range(400):
        ws = rng.sample(lower, rng.randint(1, 4))
        i = rng.randrange(len(ws))
        a, b = rng.choice(marks)
        ws[i] = a + ws[i] + b
        if rng.random() < 0.3:
            j = rng.randrange(len(ws))
            ws[j] = ws[j] + rng.choice(["'s", "’s", "'ll", "n't", "-" + rng.choice(lower), "/" + rng.choice(lower)])
        if rng.random() < 0.2:
            ws.insert(rng.randrange(len(ws) + 1), rng.choice(["—", "–", "-", "&", "/"]))
        lines.append(" ".join(ws))

    # 7. Sentences.
    sents = []
    for f in ["fortunes", "literature", "wisdom", "people", "education", "science", "work", "food", "kids",
              "humorists", "pets", "goedel", "love", "platitudes"]:
        path = "/usr/share/games/fortunes/" + f
        if not os.path.exists(path):
            continue
        for para in open(path, encoding="utf-8", errors="replace").read().split("\n%\n"):
            for l in para.split("\n"):
                l = re.sub(r"\s+", " ", l).strip()
                if 15 <= len(l) <= 140 and set(l) <= EN_OK and not l.startswith("--"):
                    sents.append(l)
    sents = dedupe(sents)
    lines += rng.sample(sents, min(1700, len(sents)))
    return dedupe(lines)


ARABIC_SENTENCES = """
ذهب الولد إلى المدرسة صباحا.
قرأت الكتاب الجديد في المكتبة العامة.
هل تعرف أين يقع المتحف الوطني؟
السلام عليكم ورحمة الله وبركاته.
كان الجو جميلا يوم أمس، فخرجنا إلى الحديقة.
لا بد من العمل الجاد لتحقيق النجاح.
لم يكن الطريق سهلا، لكننا وصلنا في الوقت المناسب.
ما زال المعلم يشرح الدرس للطلاب.
هذا الكتاب مفيد جدا للمكفوفين.
يمكن للطالب أن يتعلم طريقة برايل في أيام قليلة.
قال المدير: "سنبدأ الاجتماع بعد قليل".
في عام ٢٠٢٤ افتتحت الجمعية مركزا جديدا.
اشتريت ٣ كتب و٥ أقلام من السوق.
عدد سكان المدينة ١٢٥٠٠٠ نسمة تقريبا.
الساعة الآن ١٠:٣٠ صباحا.
حصل الطالب على ٩٥٪ في الامتحان.
من أين أنت؟ أنا من القاهرة.
هو طالب مجتهد، وهي معلمة ماهرة.
متى يبدأ الفصل الدراسي الثاني؟
ست سنوات مرت منذ ذلك اليوم.
كل إنسان له حقوق وعليه واجبات.
ثم عاد إلى البيت بعد العمل.
قد يتأخر القطار بسبب المطر.
بل إن الأمر أكبر من ذلك بكثير.
أو ربما نلتقي غدا في المساء.
إلى اللقاء يا صديقي العزيز.
عن أي شيء تبحث؟
مع السلامة، ونراكم قريبا.
حيث يوجد الماء توجد الحياة.
لكن الحقيقة أن الأمر يحتاج إلى وقت طويل.
هؤلاء الطلاب من مدارس مختلفة.
هكذا تعلمنا القراءة والكتابة.
هذه هي الطريقة الصحيحة لكتابة الحروف.
الذي يعمل بجد ينجح في النهاية.
التي رأيتها أمس كانت أختي.
الذين حضروا الحفل كانوا سعداء.
إن شاء الله سنسافر في الصيف القادم.
يقول المثل: العلم نور والجهل ظلام.
الحاسوب أداة مهمة في حياتنا اليومية.
المؤتمر الدولي للتربية الخاصة يعقد كل عام.
المسؤول عن المشروع رجل مؤمن بأهمية التعليم.
الإنسان اجتماعي بطبعه.
الإسلام دين السلام.
أخذ الطفل لعبته وذهب إلى غرفته.
على الطاولة كتاب وقلم وورقة.
إلا أن النتيجة كانت مختلفة.
أيضا يجب أن نشكر كل من ساعدنا.
قبل أن تنام اغسل أسنانك.
يوم الجمعة عطلة رسمية في كثير من البلاد العربية.
فقط ثلاثة طلاب غابوا اليوم.
سوف نرى ما سيحدث.
ليس من السهل تعلم لغة جديدة.
مثل هذه الأمور تحتاج إلى صبر.
نحو مستقبل أفضل للجميع.
هناك فرق كبير بين القول والفعل.
ولما وصل المسافر استقبله أهله.
أولئك هم الناجحون.
غاية المنى أن نرى أبناءنا سعداء.
فلما رأى الأسد هرب.
عسى أن يكون الغد أفضل.
صار الجو باردا في المساء.
ظهر القمر بعد غروب الشمس.
شيء جميل أن تساعد الآخرين.
زاول الطبيب مهنته عشرين عاما.
ذاكر دروسك جيدا قبل الامتحان.
دخول المتحف مجاني للأطفال.
خير الكلام ما قل ودل.
حتى الأطفال يعرفون هذه القصة.
جدا جميلة هذه الحديقة.
تلك المدرسة قريبة من بيتنا.
المعلمون والمعلمات في اجتماع.
المهندسون يعملون في المصنع.
المدرسة الابتدائية في آخر الشارع.
الجمعية الخيرية لرعاية المكفوفين.
التربية والتعليم أساس النهضة.
الهاتف المحمول جهاز صغير.
الهيئة العامة للكتاب.
الإنتاج الزراعي في ازدياد.
الإحصاء علم مهم.
ينبغي أن نحترم الكبار.
ينتشر الخبر بسرعة.
يندرج هذا تحت باب الأدب.
الطريق طويل لكن الرفقة طيبة.
الثقافة العربية غنية بالأدب والشعر.
كتب الكاتب قصة قصيرة عن الصداقة.
الرياضة مفيدة للجسم والعقل.
الحياة حلوة بوجود الأصدقاء.
لحظة من فضلك.
ساعة واحدة تكفي.
تارة يضحك وتارة يبكي.
جملة مفيدة من فعل وفاعل.
أكبر مدينة في البلاد هي العاصمة.
أحد الطلاب سأل سؤالا ذكيا.
أصغر أخ في العائلة.
أكثر الناس لا يعلمون.
أسفل الصفحة توجد الملاحظات.
أخير ما قيل في الموضوع.
أعلى قمة في العالم.
أدنى درجة في الامتحان.
أقصى سرعة مسموحة.
قائل هذا القول حكيم.
سائل يسأل عن الطريق.
قائم على رأس عمله.
شائع بين الناس.
فائز بالجائزة الأولى.
لأجل الوطن نعمل.
آداب الحديث مهمة.
آراء الناس مختلفة.
آفاق جديدة للتعاون.
آخر الأخبار.
آثار قديمة في المدينة.
أيها الطلاب انتبهوا.
لم يعد هناك وقت.
لم يكن ذلك صحيحا.
لم يتمكن من الحضور.
لم يستطع أن يقول شيئا.
لم يزل يعمل في الشركة.
حقوق الإنسان.
حاسب الآلي.
حروف اللغة العربية ثمانية وعشرون حرفا.
حدود الدولة.
دنيا واسعة.
الناس سواسية.
اللائي حضرن الدرس.
اللاتي نجحن في الامتحان.
كان يا ما كان في قديم الزمان.
كون الإنسان عاقلا.
كائن حي.
كلمة طيبة صدقة.
كريم الأخلاق.
تكوين الجملة.
تكنولوجيا المعلومات.
ماذا تريد أن تأكل؟
ما انفك يدرس.
ما برح مكانه.
ما دام الأمر كذلك.
ما عدا يوم الجمعة.
هم الطلاب المتفوقون.
هاجر إلى بلد بعيد.
هامش الصفحة.
هندسة معمارية.
هيمن على السوق.
إنسان طيب.
إيمان قوي.
إخراج الفيلم.
برمج الحاسوب.
برنامج جديد.
بعيد عن الوطن.
تعليم المكفوفين.
تحت الشجرة.
تدريب مستمر.
تدريج الألوان.
ثقافة عامة.
أثناء الدرس.
ثاني يوم.
ثالث مرة.
جديد وجميل.
جميع الطلاب.
جانب الطريق.
جعل الله أيامكم سعيدة.
أحيانا أقرأ في المساء.
حياة سعيدة.
حقيقة واضحة.
حول العالم.
خروج الطلاب.
خصوصا في الشتاء.
خارج البيت.
خاصة في الصباح.
دقيق جدا.
دائما معنا.
داخل الغرفة.
دليل المستخدم.
ذاهب إلى العمل.
ذلك هو الحق.
حينئذ عرفنا الحقيقة.
عندئذ سكت الجميع.
رياضة الصباح.
روح الفريق.
رئيس الجمعية.
رسول السلام.
زواج سعيد.
زمان الخير.
زمن جميل.
زوج وزوجة.
سياسة حكيمة.
سريع جدا.
سائر الأيام.
سبيل النجاح.
شيئا فشيئا.
شديد البرودة.
شاهد العيان.
شؤون الطلاب.
صديق وفي.
صاحب البيت.
صغير الحجم.
صورة جميلة.
ضعيف البصر.
ضمير حي.
بعض الناس.
ضروري جدا.
طبيعة خلابة.
طريق طويل.
طبع الكتاب.
طويل القامة.
حافظ على صحتك.
ظاهر للعيان.
ظروف صعبة.
ظهور النتائج.
عادة حسنة.
عزيز علينا.
عبارة مفيدة.
عظيم الشأن.
غادر المسافر.
غير ممكن.
غالب الأحيان.
غريب الأطوار.
فراغ كبير.
فوق السحاب.
فائدة عظيمة.
فعل الخير.
قطع الطريق.
قليل من الماء.
قريب من هنا.
قديم جدا.
كتاب مفيد.
كثير من الناس.
كبير السن.
كاتب مشهور.
لطيف المعشر.
لعل الله يرحمنا.
لسان الحال.
مكفوف البصر.
مرة واحدة.
معنى الكلمة.
معظم الوقت.
ناسب المقام.
نفس الشيء.
ناحية الشمال.
نعم بالتأكيد.
هكذا الحياة.
وارد جدا.
واحد فقط.
واجب وطني.
وجود الماء.
لا سيما في الصيف.
لا شك في ذلك.
لا يزال ينتظر.
يسير على الطريق.
أيام الأسبوع سبعة.
يمكن ذلك.
أولى الخطوات.
أخرى مختلفة.
أغنى رجل في المدينة.
تربية الأبناء.
مؤمن بالله.
مسؤول عن العمل.
مؤلف الكتاب.
مؤسس الجمعية.
مؤثر جدا.
إحصاء السكان.
إنتاج وفير.
إسلام الرجل.
مدرسة كبيرة.
"""


def arabic(rng):
    lines = []
    ok = re.compile(r"^[\u0621-\u063A\u0641-\u0652]+$")
    dic = []
    for l in open("/usr/share/hunspell/ar.dic", encoding="utf-8", errors="replace"):
        w = l.strip().split("/")[0]
        if ok.match(w):
            dic.append(w)
    dic = sorted(set(dic))
    no_marks = [w for w in dic if not re.search("[\u064B-\u0652]", w)]

    # 1. Every rule of the table alone and in context.
    frames = ["{}", "هذا {} هنا.", "({})", "\"{}\"", "و{}", "{}ات", "ال{}"]
    for op, p, rest in table_rules(os.path.join(TABLES, "ar-ar-g2.ctb")):
        lines.append(p)
        lines.append(rng.choice(frames[1:]).format(p))
        # The rule's print inside dictionary words.
        hits = [w for w in no_marks if p in w and w != p]
        for w in rng.sample(hits, min(4, len(hits))):
            lines.append(w)

    # 2. Dictionary words, alone and a few at a time.
    lines += rng.sample(no_marks, 1900)
    for _ in range(400):
        lines.append(" ".join(rng.sample(no_marks, rng.randint(2, 6))))
    # Words with tashkeel.
    marked = [w for w in dic if re.search("[\u064B-\u0652]", w)]
    if marked:
        lines += rng.sample(marked, min(150, len(marked)))

    # 3. Sentences (hand-written) and variations of them.
    sents = [s.strip() for s in ARABIC_SENTENCES.strip().split("\n") if s.strip()]
    lines += sents
    for s in sents:
        ws = s.rstrip(".؟!").split()
        rng.shuffle(ws)
        lines.append(" ".join(ws) + rng.choice([".", "؟", "!", "،", ""]))

    # 4. Numbers and punctuation among words.
    digits_ar = "٠١٢٣٤٥٦٧٨٩"
    for _ in range(350):
        n = "".join(rng.choice(digits_ar) for _ in range(rng.randint(1, 5)))
        if rng.random() < 0.3:
            n = "".join("0123456789"[digits_ar.index(c)] for c in n)
        if rng.random() < 0.15:
            n += rng.choice([".", ","]) + rng.choice(digits_ar) + rng.choice(digits_ar)
        ws = rng.sample(no_marks, rng.randint(1, 4))
        ws.insert(rng.randint(0, len(ws)), n)
        lines.append(" ".join(ws))
    marks = [("(", ")"), ("\"", "\""), ("«", "»"), ("", "،"), ("", "؛"), ("", "؟"), ("", "!"), ("", "."), ("", ":"), ("-", "")]
    for _ in range(350):
        ws = rng.sample(no_marks, rng.randint(1, 5))
        i = rng.randrange(len(ws))
        a, b = rng.choice(marks)
        ws[i] = a + ws[i] + b
        lines.append(" ".join(ws))

    # 5. Latin letters and capitals inside Arabic text.
    latin = ["PDF", "USB", "Braille", "NVDA", "Lamsa", "ok", "DNA", "CD", "Wi-Fi", "TV"]
    for _ in range(80):
        ws = rng.sample(no_marks, rng.randint(1, 3))
        ws.insert(rng.randint(0, len(ws)), rng.choice(latin))
        lines.append(" ".join(ws))
    return dedupe(lines)


def main():
    rng = random.Random(18)
    en = english(rng)
    rng = random.Random(18)
    ar = arabic(rng)
    for name, lines in (("en-g2.txt", en), ("ar-g2.txt", ar)):
        path = os.path.join(OUT, name)
        with open(path, "w", encoding="utf-8") as f:
            for l in lines:
                f.write(l + "\n")
        print(f"{path}: {len(lines)} lines", file=sys.stderr)


if __name__ == "__main__":
    main()
