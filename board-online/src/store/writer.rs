//! The [`Writer`]: group commits of every game's writes on one thread.

use std::thread;

use tokio::sync::{mpsc, oneshot};

use super::{Store, StoreError, Write};
use crate::settings::{STORE_BATCH, STORE_QUEUE_CAPACITY};

type Job = (Vec<Write>, oneshot::Sender<Result<(), StoreError>>);

/// Group commit: one thread takes the writes of every game from a queue and
/// commits as many as are waiting (up to [`STORE_BATCH`]) in one
/// transaction, then answers each. A write is acknowledged only once it is
/// durable; a batch that fails is retried write by write, so one bad write
/// fails alone.
#[derive(Debug, Clone)]
pub struct Writer {
    queue: mpsc::Sender<Job>,
}

impl Writer {
    /// Starts the writer thread over `store`. The thread ends when every
    /// clone of the `Writer` is dropped, after committing what was queued;
    /// join the returned handle to wait for that.
    ///
    /// # Errors
    /// The thread could not be started.
    pub fn start<S: Store + ?Sized>(
        store: std::sync::Arc<S>,
    ) -> std::io::Result<(Writer, thread::JoinHandle<()>)> {
        Writer::start_observed(store, |_, _| {})
    }

    /// Like [`Writer::start`], calling `on_commit` after each commit with
    /// the number of writes it held and the time it took (for metrics).
    ///
    /// # Errors
    /// The thread could not be started.
    pub fn start_observed<S: Store + ?Sized>(
        store: std::sync::Arc<S>,
        on_commit: impl Fn(usize, std::time::Duration) + Send + 'static,
    ) -> std::io::Result<(Writer, thread::JoinHandle<()>)> {
        let (queue, mut rx) = mpsc::channel::<Job>(STORE_QUEUE_CAPACITY);
        let handle = thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || {
                let mut batch: Vec<Job> = Vec::with_capacity(STORE_BATCH);
                while let Some(job) = rx.blocking_recv() {
                    batch.push(job);
                    while batch.len() < STORE_BATCH {
                        match rx.try_recv() {
                            Ok(job) => batch.push(job),
                            Err(_) => break,
                        }
                    }
                    let writes: Vec<Write> =
                        batch.iter().flat_map(|(w, _)| w.iter().cloned()).collect();
                    let began = std::time::Instant::now();
                    if store.write(&writes).is_ok() {
                        on_commit(writes.len(), began.elapsed());
                        for (_, reply) in batch.drain(..) {
                            let _ = reply.send(Ok(()));
                        }
                    } else {
                        for (w, reply) in batch.drain(..) {
                            let began = std::time::Instant::now();
                            let _ = reply.send(store.write(&w));
                            on_commit(w.len(), began.elapsed());
                        }
                    }
                }
            })?;
        Ok((Writer { queue }, handle))
    }

    /// Stores `write`; returns once it is durable.
    ///
    /// # Errors
    /// The store failed, or the writer is gone.
    pub async fn write(&self, write: Write) -> Result<(), StoreError> {
        self.write_fenced(0, write).await
    }

    /// Stores `write` if this instance still holds the game's lease at
    /// `epoch` (0: no lease to check); returns once it is durable.
    ///
    /// # Errors
    /// The lease is lost ([`StoreError::LeaseLost`]), the store failed, or
    /// the writer is gone.
    pub async fn write_fenced(&self, epoch: u64, write: Write) -> Result<(), StoreError> {
        self.write_all_fenced(epoch, vec![write]).await
    }

    /// Stores `writes`, all of one game, in one transaction if this
    /// instance still holds the game's lease at `epoch` (0: no lease to
    /// check): all of them are durable when it returns `Ok`, none when it
    /// returns an error (a move and the ending it brings go together).
    ///
    /// # Errors
    /// The lease is lost ([`StoreError::LeaseLost`]), the store failed, or
    /// the writer is gone.
    pub async fn write_all_fenced(&self, epoch: u64, writes: Vec<Write>) -> Result<(), StoreError> {
        let job = match writes.first() {
            Some(first) if epoch > 0 => {
                let code = first.code().to_owned();
                let mut job = Vec::with_capacity(writes.len() + 1);
                job.push(Write::Fence { code, epoch });
                job.extend(writes);
                job
            }
            _ => writes,
        };
        let (tx, rx) = oneshot::channel();
        self.queue
            .send((job, tx))
            .await
            .map_err(|_| StoreError::Closed)?;
        rx.await.map_err(|_| StoreError::Closed)?
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::{create, pg_store};
    use crate::store::SqliteStore;

    #[tokio::test]
    async fn the_writer_fails_one_bad_write_alone_sqlite() {
        the_writer_fails_one_bad_write_alone(std::sync::Arc::new(
            SqliteStore::in_memory().unwrap(),
        ))
        .await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_writer_fails_one_bad_write_alone_postgres() {
        let Some((_cluster, store)) = tokio::task::spawn_blocking(|| pg_store("store-writer", "a"))
            .await
            .unwrap()
        else {
            return;
        };
        let store = std::sync::Arc::new(store);
        the_writer_fails_one_bad_write_alone(store.clone()).await;
        // The driver blocks: drop it off the async threads.
        tokio::task::spawn_blocking(move || drop(store))
            .await
            .unwrap();
    }

    async fn the_writer_fails_one_bad_write_alone(store: std::sync::Arc<dyn Store>) {
        let (writer, handle) = Writer::start(store.clone()).unwrap();
        writer.write(create("AAAAAA")).await.unwrap();
        let (a, b) = tokio::join!(
            writer.write(create("AAAAAA")),
            writer.write(create("DDDDDD"))
        );
        assert!(matches!(a, Err(StoreError::CodeTaken(_))));
        assert!(b.is_ok());
        drop(writer);
        tokio::task::spawn_blocking(move || handle.join().unwrap())
            .await
            .unwrap();
        let found = tokio::task::spawn_blocking(move || store.game("DDDDDD").unwrap())
            .await
            .unwrap();
        assert!(found.is_some());
    }
}
