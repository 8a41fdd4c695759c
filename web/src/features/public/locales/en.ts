/** English texts of the public pages: the home page (the about pages and the Braille instructions have namespaces of their own, `about` and `instructions`, loaded with their chunks). One section per page. */
const en = {
  homePage: {
    lamsaLearnBrailleArabic: 'Lamsa: learn Braille in Arabic and English',
    home: 'Home',
    lamsaFreeLearningPlatform: 'Lamsa is a free learning platform from the Charitable Society for the Care of the Blind. It teaches Braille, in Arabic and English, to blind and low-vision learners, their families and their teachers.',
    designedFirstPeopleWho: 'It is designed first for people who use a screen reader, a Braille display or the keyboard alone: everything on screen can also be heard and felt.',
    whatLamsaOffers: 'What Lamsa offers',
    stepStepCourses: 'Step-by-step courses',
    coursesMadeChaptersLessons: 'Courses made of chapters and lessons, from the first Braille cell to reading and writing whole texts, taught by instructors accredited by the society.',
    sixKeyBrailleKeyboard: 'Six-key Braille keyboard',
    practiseWritingKeysF: 'Practise writing with the keys F, D, S, J, K and L, as on a Perkins brailler, from your own computer keyboard.',
    assessments: 'Assessments',
    exercisesAfterEachLesson: 'Exercises after each lesson, an assessment for each chapter and a final assessment that measures what you have learned.',
    certificates: 'Certificates',
    requestCompletionCertificateWhen: 'Request a completion certificate when you pass a course; it is ready within 24 hours.',
    brailleTranslator: 'Braille translator',
    turnArabicEnglishText: 'Turn Arabic or English text into Braille to read or emboss.',
    startLearning: 'Start learning',
    createFreeAccountThen: 'Create a free account, then pick a course at your level. You can also start by reading the ',
    brailleInstructions: 'Braille instructions',
    text: '.',
    createAccount: 'Create an account',
    moreAboutPlatform: 'More about the platform',
  },
};

export default en;
