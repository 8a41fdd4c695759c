//! Why a service refused or failed. The HTTP edge (`error.rs`) gives each a status, a code and
//! a localised message; the command line prints its text.

use crate::{
    certificate_pdf::pdf::PdfError,
    domain::{assessment_grading::Blocker, course::CourseStatus, InvalidInput, InvalidTransition},
};

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    Invalid(#[from] InvalidInput),
    #[error(transparent)]
    Transition(#[from] InvalidTransition),
    /// No such thing, or one the user may not know exists.
    #[error("not found")]
    NotFound,
    /// The same, about the thing a request field names (e.g. `course_id`).
    #[error("{0}: not found")]
    NotFoundIn(&'static str),
    /// Not for this kind of account.
    #[error("not allowed for this kind of account")]
    Forbidden,
    /// The signed-in account no longer exists.
    #[error("the account no longer exists")]
    AccountGone,

    // Accounts
    #[error("an account with this e-mail address already exists")]
    EmailExists,
    #[error("the activation link is not valid or has expired")]
    InvalidActivationLink,
    #[error("the e-mail or the password is incorrect")]
    LoginFailed,
    #[error("the account is not activated yet")]
    AccountInactive,
    #[error("the session has expired")]
    SessionExpired,
    #[error("the current password is wrong")]
    WrongCurrentPassword,
    #[error("the password-reset link is not valid or has expired")]
    PasswordResetFailed,
    /// The e-mail with the link could not be sent (the cause is logged where it happened).
    #[error("the e-mail could not be sent")]
    MailNotSent,

    // Courses
    #[error("already enrolled in this course")]
    AlreadyEnrolled,
    /// Assessments of a live course change only through a revision (issue 23).
    #[error("the course is live: change it through a revision")]
    CourseLive,
    /// A revision sent with no change in it.
    #[error("the revision changes nothing")]
    RevisionUnchanged,
    /// A course request already decided; `status` is the course's status now.
    #[error("the request was already decided (the course is {})", .status.as_str())]
    CourseRequestDecided { status: CourseStatus },

    // Assessments and attempts
    #[error("the course is stopped")]
    CourseStopped,
    #[error("the course already has a final assessment")]
    FinalAssessmentExists,
    #[error("the chapter already has an assessment")]
    ChapterAssessmentExists,
    #[error("students have started this assessment")]
    AssessmentHasAttempts,
    /// Spec §8: a failure while saving an assessment says "Something went wrong".
    #[error("the assessment could not be saved")]
    AssessmentSaveFailed(#[source] anyhow::Error),
    #[error("the assessment is already passed")]
    AlreadyPassed,
    #[error("no attempts left")]
    NoAttemptsLeft,
    /// The order of spec §4 holds the assessment back.
    #[error("the assessment opens once the ones before it are passed")]
    Locked(Blocker),
    #[error("the attempt is already submitted")]
    AlreadySubmitted,
    #[error("the attempt is not submitted yet")]
    NotSubmitted,

    // Certificates
    #[error("certificate not found")]
    CertificateNotFound,
    #[error("a certificate for this course is already issued")]
    CertificateAlreadyIssued,
    #[error("a certificate request for this course is already pending")]
    CertificateRequestPending,
    #[error("the course is not completed")]
    CourseNotCompleted,
    #[error("the certificate request was already decided")]
    CertificateRequestDecided,
    #[error("the certificate is already revoked")]
    CertificateAlreadyRevoked,
    #[error("the certificate PDF cannot be made")]
    CertificatePdf(#[source] PdfError),

    // The admin site
    #[error("the account was deactivated by a supervisor")]
    AccountDeactivated,
    #[error("a supervisor cannot deactivate or change the type of their own account")]
    CannotChangeSelf,
    #[error("the last active supervisor cannot be removed")]
    LastSupervisor,
    #[error("the account is already activated")]
    AlreadyActivated,
    #[error("another news item has this slug")]
    SlugTaken,

    // Questions
    #[error("the question is already answered")]
    AlreadyAnswered,

    // Inside the server
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ServiceError {
    /// A failure of the server itself (a database or a part that did not answer), not a
    /// refusal of what was asked: a batch stops on it instead of reporting it per item.
    pub fn is_failure(&self) -> bool {
        use ServiceError as E;
        matches!(
            self,
            E::Database(_) | E::Internal(_) | E::MailNotSent | E::CertificatePdf(_) | E::AssessmentSaveFailed(_)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A batch stops on exactly what the HTTP edge answers with a 5xx.
    #[test]
    fn a_failure_is_what_the_edge_calls_a_server_error() {
        let cases = [
            ServiceError::Database(sqlx::Error::RowNotFound),
            ServiceError::Internal(anyhow::anyhow!("disk full")),
            ServiceError::MailNotSent,
            ServiceError::AssessmentSaveFailed(anyhow::anyhow!("x")),
            ServiceError::NotFound,
            ServiceError::CannotChangeSelf,
            ServiceError::LastSupervisor,
            ServiceError::Forbidden,
        ];
        for e in cases {
            let failure = e.is_failure();
            let text = e.to_string();
            assert_eq!(failure, crate::error::ApiError::from(e).status.is_server_error(), "{text}");
        }
    }
}
