//! A [`Term`]: until when this instance may still run a game whose lease it
//! holds, as its own clock reckons it.
//!
//! A lease taken or renewed by a call sent at `t` lasts until `t + TTL` here,
//! which is never later than the database reckons (it starts the TTL when the
//! call arrives). Once that passes without a successful renewal, the lease is
//! treated as lost: the room stops accepting writes, tells its clients
//! `relocated`, and the game is taken again only through a takeover, at a new
//! epoch. So an instance cut off from the database gives its games up by the
//! time another instance may take them.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use tokio::sync::Notify;

/// The local term of one game's lease; shared by its room and the hub.
///
/// ```ignore
/// let term = Term::from(Instant::now(), Duration::from_secs(2));
/// assert!(!term.is_over(Instant::now()));
/// term.end();
/// assert!(term.is_over(Instant::now()));
/// ```
#[derive(Debug)]
pub(crate) struct Term {
    /// `None`: no lease to lose (one instance, SQLite).
    until: Mutex<Option<Instant>>,
    /// Woken when the term is ended early.
    ended: Notify,
}

impl Term {
    /// A term that never ends (a store without leases).
    pub(crate) fn forever() -> Term {
        Term {
            until: Mutex::new(None),
            ended: Notify::new(),
        }
    }

    /// The term of a lease taken (or renewed) by a call sent at `sent`.
    pub(crate) fn from(sent: Instant, ttl: Duration) -> Term {
        Term {
            until: Mutex::new(Some(sent + ttl)),
            ended: Notify::new(),
        }
    }

    fn until(&self) -> Option<Instant> {
        *self
            .until
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether the term is over at `now`.
    pub(crate) fn is_over(&self, now: Instant) -> bool {
        self.until().is_some_and(|until| now >= until)
    }

    /// Extends the term to `sent + ttl` after a renewal sent at `sent`
    /// succeeded; a term already over stays over (the game is given up).
    pub(crate) fn renewed(&self, sent: Instant, ttl: Duration) {
        let mut until = self
            .until
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(u) = until.as_mut() {
            if Instant::now() < *u {
                *u = (*u).max(sent + ttl);
            }
        }
    }

    /// Ends the term now (another instance took the lease).
    pub(crate) fn end(&self) {
        let now = Instant::now();
        {
            let mut until = self
                .until
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            *until = Some(until.map_or(now, |u| u.min(now)));
        }
        self.ended.notify_waiters();
    }

    /// Returns once the term is over (never, for a term without end).
    pub(crate) async fn over(&self) {
        loop {
            let ended = self.ended.notified();
            let Some(until) = self.until() else {
                return std::future::pending().await;
            };
            if Instant::now() >= until {
                return;
            }
            tokio::select! {
                () = tokio::time::sleep_until(tokio::time::Instant::from_std(until)) => {}
                () = ended => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_term_runs_out_unless_renewed_and_an_ended_one_stays_over() {
        let ttl = Duration::from_millis(300);
        let term = Term::from(Instant::now(), ttl);
        assert!(!term.is_over(Instant::now()));
        // Renewed by a call sent now: it lasts a TTL from now.
        tokio::time::sleep(Duration::from_millis(200)).await;
        term.renewed(Instant::now(), ttl);
        assert!(!term.is_over(Instant::now() + Duration::from_millis(250)));
        let began = Instant::now();
        term.over().await;
        assert!(began.elapsed() >= Duration::from_millis(200));
        assert!(term.is_over(Instant::now()));
        // Over is over: a late renewal does not bring it back.
        term.renewed(Instant::now(), ttl);
        assert!(term.is_over(Instant::now()));
        // Ended early, it wakes whoever waits.
        let term = std::sync::Arc::new(Term::from(Instant::now(), Duration::from_secs(60)));
        let waiting = tokio::spawn({
            let term = term.clone();
            async move { term.over().await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        term.end();
        tokio::time::timeout(Duration::from_secs(5), waiting)
            .await
            .expect("woken")
            .unwrap();
        // A term without end never is over.
        let forever = Term::forever();
        forever.renewed(Instant::now(), ttl);
        assert!(!forever.is_over(Instant::now() + Duration::from_secs(3600)));
        let never = tokio::time::timeout(Duration::from_millis(50), forever.over()).await;
        assert!(never.is_err());
    }
}
