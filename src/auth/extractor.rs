use std::future::{ready, Ready};

use actix_web::{dev::Payload, http::header::AUTHORIZATION, web, FromRequest, HttpRequest};
use futures_util::future::{Either, LocalBoxFuture};

use super::standing::{Refusal, Standing};
use crate::{domain::UserType, error::ApiError, state::AppState};

/// The signed-in user, from a valid `Authorization: Bearer <access token>`, judged by the
/// account as it is now (issue 21): its current type, and refused when the account was
/// deactivated or the token's session generation has ended. Without a good token the request
/// is answered 401: `unauthorized` tells the web client to refresh once (spec §4);
/// `account_deactivated` and `session_ended` tell it to sign out with that message.
#[derive(Clone, Copy, Debug)]
pub struct AuthUser {
    pub id: i64,
    /// The account's type now, not the one the token was issued with.
    pub typ: UserType,
    /// The signed-in device the token belongs to (0 outside a request).
    pub sid: i64,
    /// The token's session generation.
    pub gen: i64,
}

impl AuthUser {
    /// Someone acting outside a request (the command line, tests): no device, no token.
    pub fn acting(id: i64, typ: UserType) -> AuthUser {
        AuthUser { id, typ, sid: 0, gen: 0 }
    }

    /// Judges an access token: its signature and expiry, then the account as this instance
    /// knows it now (from memory when it can, else the database).
    pub async fn from_token(state: &AppState, token: &str) -> Result<Result<AuthUser, Refusal>, sqlx::Error> {
        let Some(claims) = state.jwt.verify(token) else { return Ok(Err(Refusal::Gone)) };
        let standings = &state.realtime.standings;
        let mut standing = standings.get(&state.db, claims.sub).await?;
        // A token newer than what we remember: another instance made the change and its
        // message has not reached us yet. The database knows.
        if standing.is_some_and(|s| claims.gen > s.gen) {
            standing = standings.read(&state.db, claims.sub).await?;
        }
        Ok(judge(claims.sub, claims.gen, claims.sid, standing))
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

fn judge(id: i64, gen: i64, sid: i64, standing: Option<Standing>) -> Result<AuthUser, Refusal> {
    let standing = standing.ok_or(Refusal::Gone)?;
    standing.admits(gen)?;
    Ok(AuthUser { id, typ: standing.typ, sid, gen })
}

fn bearer(req: &HttpRequest) -> Option<&str> {
    req.headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

impl FromRequest for AuthUser {
    type Error = ApiError;
    type Future = Either<Ready<Result<AuthUser, ApiError>>, LocalBoxFuture<'static, Result<AuthUser, ApiError>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let (Some(state), Some(token)) = (req.app_data::<web::Data<AppState>>(), bearer(req)) else {
            return Either::Left(ready(Err(ApiError::unauthorized())));
        };
        // The common case answers without a future of its own: a verified token of an account
        // this instance remembers.
        if let Some(claims) = state.jwt.verify(token) {
            if let Some(known) = state.realtime.standings.remembered(claims.sub).filter(|s| claims.gen <= s.gen) {
                let judged = judge(claims.sub, claims.gen, claims.sid, Some(known));
                return Either::Left(ready(judged.map_err(ApiError::refused)));
            }
        } else {
            return Either::Left(ready(Err(ApiError::unauthorized())));
        }
        let (state, token) = (state.clone(), token.to_string());
        Either::Right(Box::pin(async move { AuthUser::from_token(&state, &token).await?.map_err(ApiError::refused) }))
    }
}

/// For routes open to visitors: no token (or the empty bearer the web client sends when signed
/// out) is a visitor, but a token that is sent and is bad or expired is answered 401, so the
/// client refreshes instead of being shown the visitor's view.
#[derive(Clone, Copy, Debug)]
pub struct MaybeUser(pub Option<AuthUser>);

impl FromRequest for MaybeUser {
    type Error = ApiError;
    type Future = Either<Ready<Result<MaybeUser, ApiError>>, LocalBoxFuture<'static, Result<MaybeUser, ApiError>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        if bearer(req).is_none() {
            return Either::Left(ready(Ok(MaybeUser(None))));
        }
        match AuthUser::from_request(req, payload) {
            Either::Left(done) => Either::Left(ready(done.into_inner().map(|u| MaybeUser(Some(u))))),
            Either::Right(later) => Either::Right(Box::pin(async move { later.await.map(|u| MaybeUser(Some(u))) })),
        }
    }
}

/// A signed-in supervisor: the admin site's one role check (issue 24). Judged like [`AuthUser`],
/// by the account as it is now, so a supervisor who was demoted or deactivated a moment ago is
/// refused at once; anyone else is answered 403.
#[derive(Clone, Copy, Debug)]
pub struct Supervisor(pub AuthUser);

impl FromRequest for Supervisor {
    type Error = ApiError;
    type Future = Either<Ready<Result<Supervisor, ApiError>>, LocalBoxFuture<'static, Result<Supervisor, ApiError>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let supervisor = |u: AuthUser| u.require(UserType::Supervisor).map(|()| Supervisor(u));
        match AuthUser::from_request(req, payload) {
            Either::Left(done) => Either::Left(ready(done.into_inner().and_then(supervisor))),
            Either::Right(later) => Either::Right(Box::pin(async move { later.await.and_then(supervisor) })),
        }
    }
}
