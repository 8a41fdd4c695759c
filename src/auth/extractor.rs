use std::future::{ready, Ready};

use actix_web::{dev::Payload, http::header::AUTHORIZATION, web, FromRequest, HttpRequest};

use crate::{domain::UserType, error::ApiError, state::AppState};

/// The signed-in user, from a valid `Authorization: Bearer <access token>`. Without one the
/// request is answered 401, which tells the web client to refresh once (spec §4).
#[derive(Clone, Copy, Debug)]
pub struct AuthUser {
    pub id: i64,
    pub typ: UserType,
}

impl AuthUser {
    pub fn from_token(state: &AppState, token: &str) -> Option<AuthUser> {
        state.jwt.verify(token).map(|c| AuthUser { id: c.sub, typ: c.typ })
    }

    /// The one role check of the API: a user of another type is answered 403 "Unable to
    /// access data". Whose course or attempt it is, is the services' business (404).
    pub fn require(self, typ: UserType) -> Result<(), ApiError> {
        if self.typ == typ {
            Ok(())
        } else {
            Err(ApiError::forbidden())
        }
    }
}

impl FromRequest for AuthUser {
    type Error = ApiError;
    type Future = Ready<Result<AuthUser, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>();
        let token = req
            .headers()
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|t| !t.is_empty());
        ready(match (state, token) {
            (Some(state), Some(token)) => AuthUser::from_token(state, token).ok_or_else(ApiError::unauthorized),
            _ => Err(ApiError::unauthorized()),
        })
    }
}

/// For routes open to visitors: no token (or the empty bearer the web client sends when signed
/// out) is a visitor, but a token that is sent and is bad or expired is answered 401, so the
/// client refreshes instead of being shown the visitor's view.
#[derive(Clone, Copy, Debug)]
pub struct MaybeUser(pub Option<AuthUser>);

impl FromRequest for MaybeUser {
    type Error = ApiError;
    type Future = Ready<Result<MaybeUser, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let sent = req
            .headers()
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .is_some_and(|t| !t.trim().is_empty());
        if !sent {
            return ready(Ok(MaybeUser(None)));
        }
        let user = AuthUser::from_request(req, payload).into_inner();
        ready(user.map(|u| MaybeUser(Some(u))))
    }
}
