//! The request's language and every message the API can say, in Arabic and English.
//! English texts given by the spec (§5, §8) are used word for word.

use std::future::{ready, Ready};

use actix_web::{dev::Payload, http::header::ACCEPT_LANGUAGE, FromRequest, HttpRequest};

/// Arabic or English; in the API, `ar` or `en`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, utoipa::ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum Lang {
    Ar,
    En,
}

impl Lang {
    /// The first of `ar`/`en` named in an Accept-Language header, in order of preference;
    /// Arabic when neither is named (the product's default language).
    pub fn from_accept_language(header: Option<&str>) -> Lang {
        let Some(header) = header else { return Lang::Ar };
        let mut tags: Vec<(f32, usize, &str)> = header
            .split(',')
            .enumerate()
            .filter_map(|(i, part)| {
                let mut pieces = part.split(';');
                let tag = pieces.next()?.trim();
                let q =
                    pieces.find_map(|p| p.trim().strip_prefix("q=")).and_then(|q| q.parse::<f32>().ok()).unwrap_or(1.0);
                Some((q, i, tag))
            })
            .collect();
        tags.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        for (_, _, tag) in tags {
            let primary = tag.split('-').next().unwrap_or("").to_ascii_lowercase();
            match primary.as_str() {
                "ar" => return Lang::Ar,
                "en" => return Lang::En,
                _ => {}
            }
        }
        Lang::Ar
    }

    pub fn of(req: &HttpRequest) -> Lang {
        Self::from_accept_language(req.headers().get(ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()))
    }
}

impl FromRequest for Lang {
    type Error = actix_web::Error;
    type Future = Ready<Result<Lang, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Lang::of(req)))
    }
}

/// Everything the API says to a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    // Spec §8 and §5, exact English wording.
    LoginFailed,
    EmailExists,
    UnableToAccessData,
    UnexpectedRetrieving,
    ProblemSending,
    UnexpectedSending,
    ErrorOccured,
    SomethingWentWrong,
    PasswordResetFailed,
    PageNotFound,
    FileTooLarge,
    PasswordPolicy,
    PasswordMismatch,
    // Our own.
    AccountInactive,
    InvalidActivationLink,
    WrongCurrentPassword,
    SignInRequired,
    SessionExpired,
    /// A token of an ended session generation (issue 21).
    SessionEnded,
    /// "Sign out everywhere else" done.
    OtherSessionsEnded,
    NotFound,
    TooManyAttempts,
    ImageOnly,
    MediaTypeNotAllowed(crate::domain::media::MediaKind),
    InvalidEmail,
    InvalidName,
    HttpsRequired,
    InvalidPhone,
    TooMany(String, usize),
    SiteSettingsSaved,
    FieldRequired(String),
    FieldInvalid(String),
    FieldTooLong(String, usize),
    FieldControlCharacters(String),
    InvalidQuery,
    JsonOnly,
    LoginWait(u64),
    BodyTooLarge,
    MethodNotAllowed,
    WebSocketOnly,
    ServiceUnavailable,
    // Success.
    Registered,
    AccountActivated,
    ActivationResent,
    PasswordChanged,
    PasswordResetDone,
    ResetLinkSent,
    SignedOut,
    NoteSent,
    NoteAnswered,
    SearchNeedsAt,
    SupervisorsOnly,
    TextTooLong(usize),
    CourseStructure,
    InvalidTransition(&'static str),
    AccreditationSent,
    CourseActivated,
    StopRequestSent,
    RequestRejected,
    CourseStopped,
    Enrolled,
    AlreadyEnrolled,
    QuestionSent,
    QuestionAnswered,
    CourseSaved,
    /// Issue 23: assessments of a live course change only through a revision.
    CourseLive,
    RevisionUnchanged,
    RevisionOpened,
    RevisionSent,
    RevisionApproved,
    RevisionDiscarded,
    LessonCompleted,
    AlreadyAnswered,
    // Assessments.
    AssessmentCreated,
    AssessmentSaved,
    AssessmentDeleted,
    AssessmentSubmitted,
    AnswerSaved,
    /// Spec §4/§8: a chapter assessment before its lesson exercises.
    ChapterAssessmentLocked,
    /// Spec §4/§8: the final assessment before the chapter assessments.
    FinalAssessmentLocked,
    FinalAssessmentExists,
    ChapterAssessmentExists,
    AssessmentHasAttempts,
    AlreadySubmitted,
    AlreadyPassed,
    NoAttemptsLeft,
    NotSubmitted,
    // Certificates.
    /// Spec §8: "certificate request sent".
    CertificateRequestSent,
    CourseNotCompleted,
    CertificateRequestPending,
    CertificateAlreadyIssued,
    CertificateIssued,
    CertificateRequestRejected,
    RequestAlreadyDecided,
    CertificateRevoked,
    CertificateAlreadyRevoked,
    CertificateNotFound,
    CertificatePdfUnavailable,
    // The admin site, news and contact.
    AccountDeactivated,
    CannotChangeSelf,
    LastSupervisor,
    AlreadyActivated,
    SlugTaken,
    MessageSent,
    ReplySent,
    ContactUpdated,
    NewsSaved,
    NewsDeleted,
    UserUpdated,
    UserInvited,
    CourseDeactivated,
    CourseReactivated,
}

impl Msg {
    pub fn render(&self, lang: Lang) -> String {
        use Msg::*;
        let (en, ar): (&str, &str) = match self {
            LoginFailed => ("email or Password is incorrect", "البريد الإلكتروني أو كلمة المرور غير صحيحة"),
            EmailExists => (
                "This email is already exists please login with it",
                "هذا البريد الإلكتروني مسجّل بالفعل، يرجى تسجيل الدخول به",
            ),
            UnableToAccessData => ("Unable to access data", "تعذّر الوصول إلى البيانات"),
            UnexpectedRetrieving => {
                ("There was an unexpected error while retrieving data", "حدث خطأ غير متوقع أثناء استرجاع البيانات")
            }
            ProblemSending => ("There was a problem sending your data", "حدثت مشكلة أثناء إرسال بياناتك"),
            UnexpectedSending => (
                "There was an unexpected error while sending your data. Check the data carefully and try again.",
                "حدث خطأ غير متوقع أثناء إرسال بياناتك. تحقق من البيانات بعناية وحاول مرة أخرى.",
            ),
            ErrorOccured => ("Error Occured", "حدث خطأ"),
            SomethingWentWrong => ("Something went wrong", "حدث خطأ ما"),
            PasswordResetFailed => ("Password Reset Failed", "فشلت إعادة تعيين كلمة المرور"),
            PageNotFound => ("Oops! Page not found", "عذرًا! الصفحة غير موجودة"),
            FileTooLarge => (
                "The file size exceeds the 50MB limit. Please select a smaller file.",
                "حجم الملف يتجاوز الحد الأقصى البالغ 50 ميغابايت. يرجى اختيار ملف أصغر.",
            ),
            PasswordPolicy => ("Password doesn't meet password policy", "كلمة المرور لا تستوفي سياسة كلمات المرور"),
            PasswordMismatch => ("The two passwords don't match", "كلمتا المرور غير متطابقتين"),
            AccountInactive => (
                "Your account is not activated yet. Open the activation link we sent to your e-mail.",
                "حسابك غير مفعّل بعد. افتح رابط التفعيل الذي أرسلناه إلى بريدك الإلكتروني.",
            ),
            InvalidActivationLink => ("This link is invalid or has expired.", "هذا الرابط غير صالح أو انتهت صلاحيته."),
            WrongCurrentPassword => ("The current password is incorrect", "كلمة المرور الحالية غير صحيحة"),
            SignInRequired => ("Please sign in to continue", "يرجى تسجيل الدخول للمتابعة"),
            SessionEnded => (
                "You were signed out on this device because the account's password, type or sessions changed. Please sign in again.",
                "سُجّل خروجك على هذا الجهاز لأن كلمة مرور الحساب أو نوعه أو جلساته تغيّرت. يرجى تسجيل الدخول مرة أخرى.",
            ),
            OtherSessionsEnded => (
                "You are signed out everywhere else. This device stays signed in.",
                "سُجّل خروجك من كل الأجهزة الأخرى. يبقى هذا الجهاز مسجّلًا.",
            ),
            SessionExpired => {
                ("Your session has expired. Please sign in again.", "انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.")
            }
            NotFound => ("The requested item was not found", "العنصر المطلوب غير موجود"),
            TooManyAttempts => (
                "Too many attempts. Please wait a few minutes and try again.",
                "محاولات كثيرة جدًا. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.",
            ),
            ImageOnly => (
                "This file type is not allowed here. Please choose an image (PNG, JPEG, GIF or WebP).",
                "نوع الملف هذا غير مسموح به هنا. يرجى اختيار صورة (PNG أو JPEG أو GIF أو WebP).",
            ),
            MediaTypeNotAllowed(kind) => {
                use crate::domain::media::MediaKind::*;
                match kind {
                    Image => (
                        "This file type is not allowed here. Please choose an image (PNG, JPEG, GIF or WebP).",
                        "نوع الملف هذا غير مسموح به هنا. يرجى اختيار صورة (PNG أو JPEG أو GIF أو WebP).",
                    ),
                    Audio => (
                        "This file type is not allowed here. Please choose an audio file (MP3, M4A, OGG, WAV, FLAC or WebM).",
                        "نوع الملف هذا غير مسموح به هنا. يرجى اختيار ملف صوتي (MP3 أو M4A أو OGG أو WAV أو FLAC أو WebM).",
                    ),
                    Video => (
                        "This file type is not allowed here. Please choose a video (MP4, WebM, OGG or MOV).",
                        "نوع الملف هذا غير مسموح به هنا. يرجى اختيار مقطع فيديو (MP4 أو WebM أو OGG أو MOV).",
                    ),
                    Document => (
                        "This file type is not allowed here. Please choose a document (PDF, Word, PowerPoint, Excel, OpenDocument, RTF, TXT or BRF).",
                        "نوع الملف هذا غير مسموح به هنا. يرجى اختيار مستند (PDF أو Word أو PowerPoint أو Excel أو OpenDocument أو RTF أو TXT أو BRF).",
                    ),
                }
            }
            InvalidEmail => ("Please enter a valid e-mail address", "يرجى إدخال بريد إلكتروني صالح"),
            HttpsRequired => (
                "Please enter a full address that starts with https://",
                "يرجى إدخال عنوان كامل يبدأ بـ https://",
            ),
            InvalidPhone => (
                "Please enter a phone number: digits, spaces and + ( ) - only",
                "يرجى إدخال رقم هاتف: أرقام ومسافات و + ( ) - فقط",
            ),
            SiteSettingsSaved => ("Site settings saved", "تم حفظ إعدادات الموقع"),
            InvalidName => (
                "Please enter your full name (1 to 100 characters)",
                "يرجى إدخال الاسم الكامل (من حرف واحد إلى 100 حرف)",
            ),
            FieldRequired(f) => {
                return pick(lang, format!("The field “{f}” is required"), format!("الحقل «{f}» مطلوب"))
            }
            FieldInvalid(f) => {
                return pick(
                    lang,
                    format!("The field “{f}” has an invalid value"),
                    format!("قيمة الحقل «{f}» غير صالحة"),
                )
            }
            FieldTooLong(f, n) => {
                return pick(
                    lang,
                    format!("The field “{f}” is too long (at most {n} characters)"),
                    format!("الحقل «{f}» طويل جدًا (الحد الأقصى {n} حرفًا)"),
                )
            }
            TooMany(f, n) => {
                return pick(
                    lang,
                    format!("The field “{f}” has too many items (at most {n})"),
                    format!("الحقل «{f}» فيه عناصر كثيرة جدًا (الحد الأقصى {n})"),
                )
            }
            FieldControlCharacters(f) => {
                return pick(
                    lang,
                    format!("The field “{f}” contains control characters; only letters, numbers, symbols, spaces, tabs and line breaks are allowed"),
                    format!("الحقل «{f}» يحتوي على محارف تحكّم؛ المسموح به الحروف والأرقام والرموز والمسافات والجدولة وفواصل الأسطر فقط"),
                )
            }
            InvalidQuery => (
                "The request's address has a parameter with an invalid value",
                "يحتوي عنوان الطلب على معامل بقيمة غير صالحة",
            ),
            LoginWait(secs) => {
                return pick(
                    lang,
                    format!(
                        "Too many failed sign-ins. Please wait {secs} {} and try again.",
                        if *secs == 1 { "second" } else { "seconds" }
                    ),
                    format!("محاولات دخول فاشلة كثيرة. يرجى الانتظار {secs} ثانية ثم المحاولة مرة أخرى."),
                )
            }
            JsonOnly => ("The request body must be JSON", "يجب أن يكون محتوى الطلب بصيغة JSON"),
            BodyTooLarge => ("The request is too large", "الطلب كبير جدًا"),
            WebSocketOnly => ("This address takes WebSocket connections only", "هذا العنوان لا يقبل إلا اتصالات WebSocket"),
            MethodNotAllowed => {
                ("This address does not accept this kind of request", "هذا العنوان لا يقبل هذا النوع من الطلبات")
            }
            ServiceUnavailable => (
                "The service is temporarily unavailable. Please try again shortly.",
                "الخدمة غير متاحة مؤقتًا. يرجى المحاولة بعد قليل.",
            ),
            Registered => (
                "Registration successful. Check your e-mail to activate your account.",
                "تم التسجيل بنجاح. تحقق من بريدك الإلكتروني لتفعيل حسابك.",
            ),
            AccountActivated => ("Account activated", "تم تفعيل الحساب"),
            ActivationResent => (
                "If an inactive account uses this e-mail, a new activation link has been sent to it.",
                "إذا كان هناك حساب غير مفعّل بهذا البريد الإلكتروني، فقد أُرسل إليه رابط تفعيل جديد.",
            ),
            PasswordChanged => ("Password changed", "تم تغيير كلمة المرور"),
            PasswordResetDone => ("Password reset", "تمت إعادة تعيين كلمة المرور"),
            ResetLinkSent => (
                "If an account uses this e-mail, a password reset link has been sent to it.",
                "إذا كان هناك حساب بهذا البريد الإلكتروني، فقد أُرسل إليه رابط إعادة تعيين كلمة المرور.",
            ),
            SignedOut => ("Signed out", "تم تسجيل الخروج"),
            NoteSent => ("Note sent", "تم إرسال الملاحظة"),
            NoteAnswered => ("Note answered", "تم الرد على الملاحظة"),
            SearchNeedsAt => (
                "Type @ first, then part of the name or e-mail, to search",
                "اكتب @ أولًا ثم جزءًا من الاسم أو البريد الإلكتروني للبحث",
            ),
            SupervisorsOnly => ("Only supervisors can do this", "هذا الإجراء متاح للمشرفين فقط"),
            CourseStructure => (
                "Please ensure the course has at least one chapter and one lesson and that each chapter and lesson has a title and description.",
                "يرجى التأكد من أن الدورة تحتوي على فصل واحد ودرس واحد على الأقل، وأن لكل فصل ودرس عنوانًا ووصفًا.",
            ),
            InvalidTransition(status) => {
                let (en, ar) = match *status {
                    "draft" => ("a draft", "مسودة"),
                    "pending" => ("waiting for accreditation", "بانتظار الاعتماد"),
                    "active" => ("active", "نشطة"),
                    "rejected" => ("rejected", "مرفوضة"),
                    "stop_pending" => ("waiting for a stop decision", "بانتظار قرار الإيقاف"),
                    _ => ("stopped", "موقوفة"),
                };
                return pick(
                    lang,
                    format!("This is not possible while the course is {en}."),
                    format!("لا يمكن تنفيذ هذا الإجراء والدورة {ar}."),
                );
            }
            AccreditationSent => ("Accreditation request sent", "تم إرسال طلب الاعتماد"),
            CourseActivated => ("Course activated", "تم تفعيل الدورة"),
            StopRequestSent => ("Stop-course request sent", "تم إرسال طلب إيقاف الدورة"),
            RequestRejected => ("Request rejected", "تم رفض الطلب"),
            CourseStopped => ("Course stopped and archived", "تم إيقاف الدورة ونقلها إلى الأرشيف"),
            Enrolled => ("You are enrolled in the course", "تم تسجيلك في الدورة"),
            AlreadyEnrolled => ("You are already enrolled in this course", "أنت مسجّل في هذه الدورة بالفعل"),
            QuestionSent => ("Question sent", "تم إرسال السؤال"),
            QuestionAnswered => ("Question answered", "تمت الإجابة عن السؤال"),
            CourseSaved => ("Course saved", "تم حفظ الدورة"),
            CourseLive => (
                "This course is live: its assessments change only through a revision approved by a supervisor.",
                "هذه الدورة منشورة: لا تتغير اختباراتها إلا من خلال مراجعة يعتمدها مشرف.",
            ),
            RevisionUnchanged => (
                "The revision changes nothing yet. Make your changes first, then send it.",
                "لا تغيّر المراجعة شيئًا بعد. أجرِ تعديلاتك أولًا ثم أرسلها.",
            ),
            RevisionOpened => (
                "Revision opened. Students still see the live version until a supervisor approves your changes.",
                "تم فتح المراجعة. سيظل الطلاب يرون النسخة المنشورة حتى يعتمد مشرف تعديلاتك.",
            ),
            RevisionSent => ("Revision sent for approval", "تم إرسال المراجعة للاعتماد"),
            RevisionApproved => (
                "Revision approved: students now see the updated course",
                "تم اعتماد المراجعة: يرى الطلاب الآن الدورة المحدّثة",
            ),
            RevisionDiscarded => ("Revision discarded", "تم حذف المراجعة"),
            AlreadyAnswered => ("This question has already been answered", "تمت الإجابة عن هذا السؤال من قبل"),
            LessonCompleted => ("Lesson marked complete", "تم تسجيل إتمام الدرس"),
            AssessmentCreated => ("Assessment created", "تم إنشاء الاختبار"),
            AssessmentSaved => ("Assessment saved", "تم حفظ الاختبار"),
            AssessmentDeleted => ("Assessment deleted", "تم حذف الاختبار"),
            AssessmentSubmitted => ("Assessment submitted", "تم تسليم الاختبار"),
            AnswerSaved => ("Answer saved", "تم حفظ الإجابة"),
            ChapterAssessmentLocked => (
                "You cannot start the chapter assessment before you finish the lesson exercises of this chapter.",
                "لا يمكنك بدء اختبار الفصل قبل إنهاء تمارين دروس هذا الفصل.",
            ),
            FinalAssessmentLocked => (
                "You cannot start the final assessment before you finish the chapter assessments.",
                "لا يمكنك بدء الاختبار النهائي قبل إنهاء اختبارات الفصول.",
            ),
            FinalAssessmentExists => {
                ("This course already has a final assessment.", "لهذه الدورة اختبار نهائي بالفعل.")
            }
            ChapterAssessmentExists => ("This chapter already has an assessment.", "لهذا الفصل اختبار بالفعل."),
            AssessmentHasAttempts => (
                "Students have already taken this assessment, so it cannot be deleted. You can still edit it.",
                "سبق أن أدّى متدرّبون هذا الاختبار، لذا لا يمكن حذفه. ما زال بإمكانك تعديله.",
            ),
            AlreadySubmitted => ("This attempt has already been submitted.", "تم تسليم هذه المحاولة من قبل."),
            AlreadyPassed => ("You have already passed this assessment.", "لقد اجتزت هذا الاختبار من قبل."),
            NoAttemptsLeft => {
                ("You have no attempts left for this assessment.", "لم تعد لديك محاولات متبقية لهذا الاختبار.")
            }
            NotSubmitted => ("This attempt has not been submitted yet.", "لم تُسلَّم هذه المحاولة بعد."),
            CertificateRequestSent => ("Certificate request sent", "تم إرسال طلب الشهادة"),
            CourseNotCompleted => (
                "You can request a certificate once you have completed the course.",
                "يمكنك طلب الشهادة بعد إتمام الدورة.",
            ),
            CertificateRequestPending => (
                "Your certificate request is already being reviewed. The certificate is available within 24 hours of the request.",
                "طلب شهادتك قيد المراجعة بالفعل. تكون الشهادة متاحة خلال 24 ساعة من تقديم الطلب.",
            ),
            CertificateAlreadyIssued => {
                ("A certificate has already been issued for this course.", "صدرت شهادة لهذه الدورة من قبل.")
            }
            CertificateIssued => ("Certificate issued", "تم إصدار الشهادة"),
            CertificateRequestRejected => ("Certificate request rejected", "تم رفض طلب الشهادة"),
            RequestAlreadyDecided => ("This request has already been decided.", "تم البت في هذا الطلب من قبل."),
            CertificateRevoked => ("Certificate revoked", "تم إبطال الشهادة"),
            CertificateAlreadyRevoked => ("This certificate has already been revoked.", "أُبطلت هذه الشهادة من قبل."),
            CertificateNotFound => ("Certificate not found", "الشهادة غير موجودة"),
            CertificatePdfUnavailable => (
                "The certificate file cannot be created right now. Please try again later.",
                "تعذّر إنشاء ملف الشهادة الآن. يرجى المحاولة لاحقًا.",
            ),
            AccountDeactivated => (
                "This account has been deactivated by the society's supervisors. Contact us to find out more.",
                "أوقف مشرفو الجمعية هذا الحساب. تواصل معنا لمعرفة المزيد.",
            ),
            CannotChangeSelf => (
                "You cannot deactivate your own account or change its type.",
                "لا يمكنك إيقاف حسابك أو تغيير نوعه بنفسك.",
            ),
            LastSupervisor => (
                "This is the last active supervisor: the platform needs at least one.",
                "هذا آخر مشرف نشط، والمنصة تحتاج إلى مشرف واحد على الأقل.",
            ),
            AlreadyActivated => ("This account is already activated.", "هذا الحساب مفعّل بالفعل."),
            SlugTaken => ("Another news item already uses this address (slug).", "هناك خبر آخر يستخدم هذا العنوان (المعرّف)."),
            MessageSent => ("Message sent", "تم إرسال الرسالة"),
            ReplySent => ("Reply sent", "تم إرسال الرد"),
            ContactUpdated => ("Message updated", "تم تحديث الرسالة"),
            NewsSaved => ("News item saved", "تم حفظ الخبر"),
            NewsDeleted => ("News item deleted", "تم حذف الخبر"),
            UserUpdated => ("Account updated", "تم تحديث الحساب"),
            UserInvited => ("Invitation sent", "تم إرسال الدعوة"),
            CourseDeactivated => ("Course deactivated", "تم إيقاف الدورة"),
            CourseReactivated => ("Course reactivated", "تمت إعادة تفعيل الدورة"),
            TextTooLong(n) => {
                return pick(
                    lang,
                    format!("The text is too long to translate at once (at most {n} characters)"),
                    format!("النص أطول من أن يُترجم دفعة واحدة (الحد الأقصى {n} حرف)"),
                )
            }
        };
        match lang {
            Lang::En => en.to_string(),
            Lang::Ar => ar.to_string(),
        }
    }
}

fn pick(lang: Lang, en: String, ar: String) -> String {
    match lang {
        Lang::En => en,
        Lang::Ar => ar,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_first_supported_by_quality() {
        assert_eq!(Lang::from_accept_language(None), Lang::Ar);
        assert_eq!(Lang::from_accept_language(Some("en")), Lang::En);
        assert_eq!(Lang::from_accept_language(Some("en-GB,en;q=0.9")), Lang::En);
        assert_eq!(Lang::from_accept_language(Some("fr, en;q=0.5, ar;q=0.8")), Lang::Ar);
        assert_eq!(Lang::from_accept_language(Some("de")), Lang::Ar);
        assert_eq!(Lang::from_accept_language(Some("")), Lang::Ar);
    }
}
