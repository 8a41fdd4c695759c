//! What an account may do *now*: whether it is usable (activated and not deactivated), its type,
//! and its session generation (issue 21). Every authenticated request and socket is judged by
//! this, not by what its token remembers.
//!
//! Reading the account on every request would put a query in front of every call, so each
//! instance keeps the standings it has read in memory. A change to an account (deactivation, a
//! type change, a password change or reset, "sign out everywhere else") travels on the event bus
//! as an account message; every instance forgets that account's standing when it hears it
//! (`realtime::Realtime::account_changed`). While an instance cannot hear the bus (its Redis
//! subscriber is disconnected) it does not trust what it remembers and reads the database for
//! every request; once it hears again it forgets everything and starts afresh.

use std::{
    collections::HashMap,
    sync::{
        atomic::{AtomicBool, AtomicU64, Ordering},
        RwLock,
    },
};

use crate::{db::Db, domain::UserType};

/// An account as it is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub typ: UserType,
    /// Activated and not deactivated.
    pub usable: bool,
    /// Advanced by every decision that ends the account's sessions.
    pub gen: i64,
}

/// Why a token that verifies is still refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No such account (any more).
    Gone,
    /// A supervisor deactivated the account.
    Deactivated,
    /// The token is from an older session generation: a password change or reset, a type
    /// change or a "sign out everywhere else" ended it.
    Ended,
}

impl Standing {
    /// Judges a token of generation `gen` against the account as it is now.
    pub fn admits(&self, gen: i64) -> Result<(), Refusal> {
        if !self.usable {
            Err(Refusal::Deactivated)
        } else if gen < self.gen {
            Err(Refusal::Ended)
        } else {
            Ok(())
        }
    }
}

/// Standings remembered at most; when full the map is emptied (the next requests read again).
const REMEMBERED: usize = 200_000;

/// One instance's remembered standings.
pub struct Standings {
    known: RwLock<HashMap<i64, Standing>>,
    /// Bumped by every forgetting: a read of the database that began before it must not be
    /// remembered, or a change that arrived during the read would be undone.
    epoch: AtomicU64,
    /// False while this instance may be missing account messages (its bus subscriber is
    /// disconnected): every lookup then reads the database.
    trusted: AtomicBool,
}

impl Default for Standings {
    fn default() -> Standings {
        Standings { known: RwLock::default(), epoch: AtomicU64::new(0), trusted: AtomicBool::new(true) }
    }
}

impl Standings {
    /// The remembered standing of an account, if any and if remembering is trusted now.
    pub fn remembered(&self, user_id: i64) -> Option<Standing> {
        if !self.trusted.load(Ordering::Acquire) {
            return None;
        }
        self.known.read().unwrap_or_else(|e| e.into_inner()).get(&user_id).copied()
    }

    /// The account's standing: remembered, or read from the database (and then remembered).
    /// `None` when the account does not exist.
    pub async fn get(&self, db: &Db, user_id: i64) -> Result<Option<Standing>, sqlx::Error> {
        match self.remembered(user_id) {
            Some(s) => Ok(Some(s)),
            None => self.read(db, user_id).await,
        }
    }

    /// Reads the account from the database, and remembers it unless something was forgotten
    /// meanwhile or remembering is not trusted.
    pub async fn read(&self, db: &Db, user_id: i64) -> Result<Option<Standing>, sqlx::Error> {
        let epoch = self.epoch.load(Ordering::Acquire);
        let standing = crate::store::users::standing(db, user_id).await?;
        if let Some(s) = standing {
            if self.trusted.load(Ordering::Acquire) {
                let mut known = self.known.write().unwrap_or_else(|e| e.into_inner());
                if self.epoch.load(Ordering::Acquire) == epoch {
                    if known.len() >= REMEMBERED {
                        known.clear();
                    }
                    known.insert(user_id, s);
                }
            }
        }
        Ok(standing)
    }

    /// An account changed: its standing is read again on next use.
    pub fn forget(&self, user_id: i64) {
        let mut known = self.known.write().unwrap_or_else(|e| e.into_inner());
        self.epoch.fetch_add(1, Ordering::AcqRel);
        known.remove(&user_id);
    }

    /// Any account may have changed unheard (the bus was away): read every one again.
    pub fn forget_all(&self) {
        let mut known = self.known.write().unwrap_or_else(|e| e.into_inner());
        self.epoch.fetch_add(1, Ordering::AcqRel);
        known.clear();
    }

    /// While `false`, nothing is remembered or answered from memory. Turning it back on
    /// forgets everything first: what was remembered before may be stale.
    pub fn set_trusted(&self, trusted: bool) {
        if trusted {
            self.forget_all();
        }
        self.trusted.store(trusted, Ordering::Release);
        if !trusted {
            self.forget_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(usable: bool, gen: i64) -> Standing {
        Standing { typ: UserType::Student, usable, gen }
    }

    #[test]
    fn a_token_of_an_older_generation_or_a_deactivated_account_is_refused() {
        assert_eq!(standing(true, 3).admits(3), Ok(()));
        assert_eq!(standing(true, 3).admits(2), Err(Refusal::Ended));
        assert_eq!(standing(false, 3).admits(3), Err(Refusal::Deactivated));
        // Deactivation is what the person is told, whatever the token's generation.
        assert_eq!(standing(false, 4).admits(3), Err(Refusal::Deactivated));
    }

    #[test]
    fn forgetting_and_distrust_stop_answers_from_memory() {
        let s = Standings::default();
        s.known.write().unwrap().insert(7, standing(true, 1));
        assert_eq!(s.remembered(7), Some(standing(true, 1)));
        s.forget(7);
        assert_eq!(s.remembered(7), None);
        s.known.write().unwrap().insert(7, standing(true, 1));
        s.set_trusted(false);
        assert_eq!(s.remembered(7), None, "nothing is answered from memory while the bus is away");
        s.known.write().unwrap().insert(7, standing(true, 1));
        assert_eq!(s.remembered(7), None);
        s.set_trusted(true);
        assert_eq!(s.remembered(7), None, "what was remembered before is forgotten");
    }
}
