/** English texts of the two about pages (namespace `about`), loaded with their chunk. */
const en = {
  aboutUsPage: {
    aboutSociety: 'About the society',
    charitableSocietyCareBlind: 'The Charitable Society for the Care of the Blind is a non-profit society that works with blind and low-vision people and their families, so that they can learn, work and live independently.',
    ourMission: 'Our mission',
    weBelieveReadingWriting: 'We believe reading and writing are everyone’s right. For blind people, Braille is the key to that right: with it they read books, write notes and use Braille displays with computers and phones.',
    whatWeDo: 'What we do',
    teachBrailleArabicEnglish: 'Teach Braille in Arabic and English to children and adults, in person and through Lamsa.',
    trainTeachersFamilyMembers: 'Train teachers and family members to support blind learners.',
    issueCompletionCertificatesCourses: 'Issue completion certificates for courses, accredited by the society.',
    raiseAwarenessDigitalAccessibility: 'Raise awareness of digital accessibility and help organisations make their services usable by everyone.',
    whyLamsa: 'Why Lamsa',
    manyLearnersCannotReach: 'Many learners cannot reach a training centre. The society launched Lamsa to bring Braille lessons into every home, with instructors who follow learners and answer their questions.',
  },
  aboutPlatformPage: {
    aboutPlatform: 'About the platform',
    lamsaMeansTouchArabic: '“Lamsa” means “a touch” in Arabic: the way Braille is read, with fingertips on raised dots. The platform brings lessons, practice and assessment together in one fully accessible place.',
    who: 'Who it is for',
    studentsBlindLowVision: 'Students: blind and low-vision people of all ages, their families and anyone who wants to learn Braille.',
    instructorsTheyCreateCourses: 'Instructors: they create courses and assessments, follow their students and answer their questions.',
    societySupervisorsTheyAccredit: 'Society supervisors: they accredit courses, decide on stop and certificate requests and keep in touch with everyone.',
    howLearn: 'How you learn',
    eachCourseDividedInto: 'Each course is divided into chapters and each chapter into lessons with an explanation, a rule, a table of letters and practice words, with audio and video where it helps. Short exercises follow each lesson, an assessment closes each chapter and a final assessment ends the course. A chapter assessment opens only after its lesson exercises, and the final assessment only after the chapter assessments.',
    answerSixKeyBraille: 'You answer with the six-key Braille keyboard: F, D and S for dots 1, 2 and 3, and J, K and L for dots 4, 5 and 6. Questions include writing words and sentences in Braille or as text, and picking the group of similar cells for the same letter.',
    accessibilityFirst: 'Accessibility first',
    arabicDefaultLanguageRight: 'Arabic is the default language, right to left; English is one button away. The platform works with screen readers, Braille displays and the keyboard, and offers a dark theme and high-contrast colours for low-vision users.',
  },
};
export default en;
