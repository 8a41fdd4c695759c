//! The admin site's request and response types.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    db::iso,
    events::{certificates::CertificateDto, contact::ContactMessageDto, PersonRef},
    routes::dto::{avatar_url, NewsAdminDto},
    store::{admin::AdminUserRow, audit::AuditRow, courses::CourseRow},
};

/// An account as the admin site lists it.
#[derive(Serialize, ToSchema, Clone)]
pub struct AdminUser {
    pub id: i64,
    pub name: String,
    pub email: String,
    /// `student`, `instructor` or `supervisor`.
    #[serde(rename = "type")]
    #[schema(value_type = crate::domain::UserType)]
    pub user_type: String,
    /// Not deactivated by a supervisor.
    pub active: bool,
    /// The e-mail address was confirmed.
    pub activated: bool,
    pub created_at: String,
    #[schema(required)]
    pub deactivated_at: Option<String>,
    #[schema(required)]
    pub avatar_url: Option<String>,
}

pub fn admin_user(u: &AdminUserRow) -> AdminUser {
    AdminUser {
        id: u.id,
        name: u.name.clone(),
        email: u.email.clone(),
        user_type: u.user_type.clone(),
        active: u.deactivated_at.is_none(),
        activated: u.is_active != 0,
        created_at: iso(u.created_at),
        deactivated_at: u.deactivated_at.map(iso),
        avatar_url: u.avatar.as_deref().map(avatar_url),
    }
}

/// One row of the audit log. `before` and `after` are the record's values around the change.
#[derive(Serialize, ToSchema, Clone)]
pub struct AuditEntry {
    pub id: i64,
    pub at: String,
    #[schema(required)]
    pub actor: Option<PersonRef>,
    /// e.g. `user.deactivate`, `news.create`, `certificate.revoke`.
    pub action: String,
    /// `user`, `news`, `contact_message`, `course`, `certificate`, `certificate_request`.
    pub record_kind: String,
    pub record_id: String,
    #[schema(required, value_type = Option<Object>)]
    pub before: Option<serde_json::Value>,
    #[schema(required, value_type = Option<Object>)]
    pub after: Option<serde_json::Value>,
}

pub fn audit_entry(a: &AuditRow) -> AuditEntry {
    let parse = |s: &Option<String>| s.as_deref().and_then(|t| serde_json::from_str(t).ok());
    AuditEntry {
        id: a.id,
        at: iso(a.at),
        actor: a.actor_id.map(|id| PersonRef { id, name: a.actor_name.clone().unwrap_or_default() }),
        action: a.action.clone(),
        record_kind: a.record_kind.clone(),
        record_id: a.record_id.clone(),
        before: parse(&a.before_json),
        after: parse(&a.after_json),
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminCourse {
    pub id: i64,
    pub title: String,
    #[schema(value_type = crate::domain::course::CourseStatus)]
    pub status: String,
    pub instructor: PersonRef,
    pub enrolled_count: i64,
    pub lessons_count: i64,
    #[schema(value_type = crate::i18n::Lang)]
    pub language: String,
    pub created_at: String,
    pub updated_at: String,
}

pub fn admin_course(c: &CourseRow) -> AdminCourse {
    AdminCourse {
        id: c.id,
        title: c.title.clone(),
        status: c.status.clone(),
        instructor: PersonRef { id: c.instructor_id, name: c.instructor_name.clone() },
        enrolled_count: c.enrolled_count,
        lessons_count: c.lessons_count,
        language: c.language.clone(),
        created_at: iso(c.created_at),
        updated_at: iso(c.updated_at),
    }
}

macro_rules! page_of {
    ($name:ident, $item:ty) => {
        #[derive(Serialize, ToSchema)]
        pub struct $name {
            pub items: Vec<$item>,
            pub page: i64,
            pub per_page: i64,
            pub total: i64,
        }
    };
}

page_of!(AdminUserList, AdminUser);
page_of!(AdminCourseList, AdminCourse);
page_of!(AdminCertificateList, CertificateDto);
page_of!(AuditList, AuditEntry);
page_of!(AdminNewsList, NewsAdminDto);

#[derive(Serialize, ToSchema)]
pub struct ContactList {
    pub items: Vec<ContactMessageDto>,
    pub page: i64,
    pub per_page: i64,
    pub total: i64,
    /// Unread messages that are not archived.
    pub unread: i64,
}

#[derive(Serialize, ToSchema)]
pub struct CountDto {
    pub count: i64,
}

#[derive(Deserialize, IntoParams, Default)]
pub struct UserQuery {
    /// Part of the name or e-mail, any case.
    pub q: Option<String>,
    /// `student`, `instructor` or `supervisor`.
    #[serde(rename = "type")]
    #[param(pattern = "^(student|instructor|supervisor)?$")]
    pub user_type: Option<String>,
    /// `true`: not deactivated; `false`: deactivated.
    #[param(pattern = "^(true|false|1|0)?$")]
    pub active: Option<String>,
    /// `true`: e-mail confirmed.
    #[param(pattern = "^(true|false|1|0)?$")]
    pub activated: Option<String>,
    /// `name`, `email`, `created_at`, `type`; `-` first for descending (default `-created_at`).
    #[param(pattern = "^-?(name|email|created_at|type)$")]
    pub sort: Option<String>,
    /// CSV only: a selection, `ids=1,2,3`.
    #[param(pattern = "^([0-9]{1,18}(,[0-9]{1,18})*)?$")]
    pub ids: Option<String>,
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    #[param(minimum = 1, maximum = 100)]
    pub per_page: Option<i64>,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct UserPatch {
    pub active: Option<bool>,
    /// `student`, `instructor` or `supervisor`.
    #[serde(rename = "type")]
    pub user_type: Option<String>,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct BulkInput {
    pub ids: Vec<i64>,
    pub active: Option<bool>,
}

#[derive(Serialize, ToSchema)]
pub struct Refused {
    pub id: i64,
    pub code: String,
    pub message: String,
}

#[derive(Serialize, ToSchema)]
pub struct BulkReply {
    pub message: String,
    pub updated: Vec<AdminUser>,
    pub refused: Vec<Refused>,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct InviteInput {
    #[serde(rename = "type")]
    pub user_type: String,
    pub email: String,
    pub name: String,
}

#[derive(Serialize, ToSchema)]
pub struct UserReply {
    pub message: String,
    pub user: AdminUser,
}

#[derive(Serialize, ToSchema)]
pub struct UserCourse {
    pub id: i64,
    pub title: String,
    #[schema(value_type = crate::domain::course::CourseStatus)]
    pub status: String,
    /// `instructor` (teaches it) or `student` (enrolled).
    #[schema(value_type = CourseRole)]
    pub role: String,
    pub enrolled_count: i64,
}

/// How an account is tied to a course (`UserCourse.role`; only the document uses this).
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum CourseRole {
    Instructor,
    Student,
}

#[derive(Serialize, ToSchema)]
pub struct UserProfile {
    #[schema(required)]
    pub phone: Option<String>,
    #[schema(value_type = Option<crate::domain::Gender>, required)]
    pub gender: Option<String>,
    #[schema(required)]
    pub country: Option<String>,
    #[schema(required)]
    pub job_title: Option<String>,
    #[schema(value_type = Option<crate::domain::VisionType>, required)]
    pub vision_type: Option<String>,
    #[schema(required)]
    pub birth_date: Option<String>,
    #[schema(required)]
    pub bio: Option<String>,
    #[schema(required)]
    pub education_type: Option<String>,
    #[schema(required)]
    pub level: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct UserDetailDto {
    pub user: AdminUser,
    pub profile: UserProfile,
    pub courses: Vec<UserCourse>,
    pub certificates: Vec<CertificateDto>,
    pub recent_actions: Vec<AuditEntry>,
}

#[derive(Deserialize, IntoParams, Default)]
pub struct NewsQuery {
    /// `draft`, `scheduled` or `published`; all when absent.
    #[param(pattern = "^(draft|scheduled|published)?$")]
    pub state: Option<String>,
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    #[param(minimum = 1, maximum = 100)]
    pub per_page: Option<i64>,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct PreviewInput {
    pub body_md: String,
}

#[derive(Serialize, ToSchema)]
pub struct PreviewReply {
    pub html: String,
}

#[derive(Serialize, ToSchema)]
pub struct NewsReply {
    pub message: String,
    pub news: NewsAdminDto,
}

#[derive(Deserialize, IntoParams, Default)]
pub struct ContactQuery {
    /// `new`, `handled` or `archived`; all when absent.
    #[param(pattern = "^(new|handled|archived)?$")]
    pub status: Option<String>,
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    #[param(minimum = 1, maximum = 100)]
    pub per_page: Option<i64>,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ReplyInput {
    /// 1–5000 characters.
    pub text: String,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ContactPatch {
    pub status: Option<String>,
    pub read: Option<bool>,
}

#[derive(Serialize, ToSchema)]
pub struct ContactReply {
    pub message: String,
    pub contact_message: ContactMessageDto,
}

#[derive(Deserialize, IntoParams, Default)]
pub struct CourseQuery {
    pub q: Option<String>,
    /// `draft`, `pending`, `active`, `stop_pending` or `inactive`; all when absent.
    #[param(pattern = "^(draft|pending|active|stop_pending|inactive)?$")]
    pub status: Option<String>,
    pub instructor_id: Option<i64>,
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    #[param(minimum = 1, maximum = 100)]
    pub per_page: Option<i64>,
}

/// Named apart from the courses area's `CourseReply`: one name, one schema in the document.
#[derive(Serialize, ToSchema)]
#[schema(as = AdminCourseReply)]
pub struct CourseReply {
    pub message: String,
    pub course: AdminCourse,
}

#[derive(Deserialize, IntoParams, Default)]
pub struct CertificateQuery {
    pub q: Option<String>,
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    #[param(minimum = 1, maximum = 100)]
    pub per_page: Option<i64>,
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct RevokeInput {
    /// 1–500 characters.
    pub reason: String,
}

#[derive(Serialize, ToSchema)]
pub struct CertificateReply {
    pub message: String,
    pub certificate: CertificateDto,
}

#[derive(Deserialize, IntoParams, Default)]
pub struct AuditQuery {
    /// The acting user's id.
    pub actor: Option<i64>,
    /// An exact action, e.g. `user.deactivate`.
    pub action: Option<String>,
    /// RFC 3339 time or `YYYY-MM-DD` (from the start of that day, UTC).
    #[param(
        pattern = "^([0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])(T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]Z)?)?$"
    )]
    pub from: Option<String>,
    /// RFC 3339 time or `YYYY-MM-DD` (to the end of that day, UTC).
    #[param(
        pattern = "^([0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])(T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]Z)?)?$"
    )]
    pub to: Option<String>,
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    #[param(minimum = 1, maximum = 100)]
    pub per_page: Option<i64>,
}

#[derive(Serialize, ToSchema, Default)]
pub struct UserStateCounts {
    pub active: i64,
    pub inactive: i64,
    pub not_activated: i64,
}

#[derive(Serialize, ToSchema, Default)]
pub struct UserCounts {
    pub student: UserStateCounts,
    pub instructor: UserStateCounts,
    pub supervisor: UserStateCounts,
}

#[derive(Serialize, ToSchema, Default)]
pub struct CourseCounts {
    pub draft: i64,
    pub pending: i64,
    pub active: i64,
    pub rejected: i64,
    pub stop_pending: i64,
    pub inactive: i64,
}

#[derive(Serialize, ToSchema)]
pub struct PendingDto {
    pub accreditation: i64,
    pub stop: i64,
    pub certificates: i64,
}

#[derive(Serialize, ToSchema)]
pub struct WeekDto {
    /// The Monday the week starts on (UTC), `YYYY-MM-DD`.
    pub week_start: String,
    pub signups: i64,
    pub enrolments: i64,
}

#[derive(Serialize, ToSchema)]
pub struct OverviewDto {
    pub users: UserCounts,
    pub courses: CourseCounts,
    pub pending: PendingDto,
    pub contact_unread: i64,
    /// 26 weeks, oldest first.
    pub weeks: Vec<WeekDto>,
    /// The site settings still unset, by field (`society_name_ar`…, `social` for all four
    /// links, `logos`); empty when every one is set.
    pub unset_settings: Vec<String>,
}
