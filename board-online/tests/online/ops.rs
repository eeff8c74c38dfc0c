//! What an operator meets: `GET /healthz` and `--log-format json`.

use serde_json::{json, Value};

use crate::harness::{Raw, Server, TempDir};
use crate::web::get;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_answers_and_json_logs_are_one_object_a_line() {
    let dir = TempDir::new("ops");
    let mut server = Server::start(dir.path(), "127.0.0.1:0", &["--log-format", "json"]);
    let health = get(&server.addr, "/healthz");
    assert_eq!(health.status, 200);
    assert_eq!(health.body, b"ok\n");

    // A game that ends logs its result.
    let mut a = Raw::hello(&server.url()).await;
    a.send(json!({"type": "create", "game": "kybo", "seat": "first"}))
        .await;
    let created = a.expect("created").await;
    a.expect("state").await;
    a.send(json!({"type": "resign", "token": created["token"]}))
        .await;
    a.expect("state").await;
    let line = server
        .proc
        .expect("the game's end logged", |l| l.contains("game over"));
    let record: Value = serde_json::from_str(line.strip_prefix("stderr: ").unwrap())
        .unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
    assert_eq!(record["level"], "INFO", "{record}");
    assert_eq!(record["fields"]["code"], created["code"], "{record}");
    assert!(
        record["fields"]["message"]
            .as_str()
            .unwrap()
            .starts_with("game over: White resigns"),
        "{record}"
    );
    // Every line on standard error so far was JSON.
    for line in server
        .proc
        .log
        .iter()
        .filter_map(|l| l.strip_prefix("stderr: "))
    {
        assert!(
            serde_json::from_str::<Value>(line).is_ok(),
            "not JSON: {line}"
        );
    }
}
