//! The three games, each as an [`Adapter`](crate::adapter::Adapter).

mod chess3d;
mod echec_o_cube;
mod kybo;

pub use self::chess3d::Chess3d;
pub use self::echec_o_cube::EchecOCube;
pub use self::kybo::Kybo;

#[cfg(test)]
mod tests {
    //! The action numbering of each game, checked on random games: every
    //! legal move's action is in range and names that same move back, and
    //! distinct moves get distinct actions; observations are 0/1 bytes.

    use std::collections::HashMap;

    use board_core::{Game, MoveList, Rng};

    use super::{Chess3d, EchecOCube, Kybo};
    use crate::adapter::{legal_moves, Adapter, ConfigOf};
    use crate::session::{DynState, Session};

    /// Walks `games` random games of `config`, checking every position.
    fn numbering_is_one_to_one<A: Adapter>(config: ConfigOf<A>, games: u64) -> usize {
        let n = A::num_actions(&config);
        let size: usize = A::observation_shape(&config).iter().product();
        let mut checked = 0;
        for seed in 0..games {
            let mut memo = A::Memo::default();
            let mut rng = Rng::new(seed);
            let mut session = Session::<A>::new(A::Position::from_config(config));
            for _ in 0..400 {
                let position = session.position().clone();
                let mut moves = MoveList::new();
                if legal_moves(&position, &mut moves) {
                    break;
                }
                let mut seen = HashMap::new();
                for &mv in &moves {
                    let action = A::action(&position, mv);
                    assert!(action < n, "{mv}: action {action} >= {n}");
                    assert_eq!(
                        A::move_of(&position, action),
                        Some(mv),
                        "{mv}: action {action}"
                    );
                    assert_eq!(
                        seen.insert(action, mv),
                        None,
                        "two moves share action {action}"
                    );
                    let text = session
                        .action_to_text(action)
                        .expect("a legal action has a text");
                    assert_eq!(session.text_to_action(&text), Ok(action), "{text}");
                    checked += 1;
                }
                assert_eq!(session.legal_actions().len(), moves.len());
                let mut obs = vec![9i8; size];
                A::observe(&position, position.turn(), &mut obs);
                assert!(
                    obs.iter().all(|&c| c == 0 || c == 1),
                    "observation bytes are 0/1"
                );
                for me in [0, 1].map(A::player) {
                    let mut plain = vec![0i8; size];
                    let mut fast = vec![0i8; size];
                    A::observe(&position, me, &mut plain);
                    A::observe_with(&position, &memo, me, &mut fast);
                    assert_eq!(plain, fast, "the memo's observation");
                }
                let mv = moves[rng.below(moves.len())];
                session
                    .apply(A::action(&position, mv))
                    .expect("a legal action plays");
                A::remember(&mut memo, session.position(), mv);
            }
        }
        checked
    }

    #[test]
    fn echec_o_cube_actions_name_their_moves() {
        let family = echec_o_cube::Config::FAMILY;
        assert!(numbering_is_one_to_one::<EchecOCube>(family, 6) > 1000);
        assert!(numbering_is_one_to_one::<EchecOCube>(echec_o_cube::Config::default(), 6) > 1000);
    }

    #[test]
    fn kybo_actions_name_their_moves() {
        assert!(numbering_is_one_to_one::<Kybo>(kybo::Config::default(), 20) > 500);
    }

    #[test]
    fn chess3d_actions_name_their_moves() {
        for levels in [1, 2, 3] {
            let config = chess3d::Config::new(levels).expect("1-3 levels");
            assert!(
                numbering_is_one_to_one::<Chess3d>(config, 3) > 500,
                "{levels} levels"
            );
        }
    }

    #[test]
    fn chess3d_under_promotions_have_their_own_actions() {
        // A White pawn on N1/B7 promotes on N1/B8 or capturing on N1/A8 or N1/C8.
        let position = chess3d::Position::from_fen("r1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
            .expect("a FIDE position");
        let config = position.config();
        let moves = position.legal_moves();
        let promotions: Vec<_> = moves
            .iter()
            .filter(|m| m.to_string().contains('='))
            .collect();
        assert_eq!(promotions.len(), 12, "{promotions:?}");
        let mut actions: Vec<usize> = promotions
            .iter()
            .map(|&&m| Chess3d::action(&position, m))
            .collect();
        actions.sort_unstable();
        actions.dedup();
        assert_eq!(actions.len(), 12);
        assert!(actions.iter().all(|&a| a < Chess3d::num_actions(&config)));
        for &&mv in &promotions {
            assert_eq!(
                Chess3d::move_of(&position, Chess3d::action(&position, mv)),
                Some(mv)
            );
        }
    }

    #[test]
    fn a_finished_game_has_no_legal_action() {
        // A dead position (C3-17): chess3d's position still lists the
        // pieces' moves for perft, the door lists none.
        let config = chess3d::Config::new(1).expect("one level");
        let position =
            chess3d::Position::from_text_with_config("8/8/3K4/8/1B6/1k6/8/8 b - - 0 131", config)
                .expect("a position");
        assert!(!position.legal_moves().is_empty());
        let mut session = Session::<Chess3d>::new(position);
        assert!(session.is_terminal());
        assert_eq!(session.current_player(), -1);
        assert_eq!(session.legal_actions(), Vec::<usize>::new());
        let mut mask = vec![false; Chess3d::num_actions(&config)];
        session.mark_legal(&mut mask);
        assert!(!mask.contains(&true));
        let err = session.apply_text("N1/B3-N1/A2").expect_err("over");
        assert!(
            err.message.starts_with("the game is over"),
            "{}",
            err.message
        );
    }

    #[test]
    fn the_computer_plays_a_legal_move_the_same_for_a_seed() {
        let mut session = Session::<EchecOCube>::new(echec_o_cube::Position::default());
        session
            .apply_text("P D5-E5")
            .expect("the first piece is free (EOC-7)");
        let action = session.computer_move(300, 5).expect("a move");
        assert_eq!(session.computer_move(300, 5), Some(action));
        assert!(session.legal_actions().contains(&action));
        let mut over = Session::<Chess3d>::new(
            chess3d::Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
                .expect("a stalemate (C3-16)"),
        );
        assert!(over.is_terminal() && over.legal_actions().is_empty());
        assert_eq!(over.computer_move(300, 5), None);
    }

    #[test]
    fn out_of_range_and_illegal_actions_are_refused_with_the_rule() {
        let mut session = Session::<Kybo>::new(kybo::Position::default());
        let err = session.apply(0).expect_err("A1 is not on the Dungeon");
        assert_eq!(err.rule.as_deref(), Some("KY-3"), "{}", err.message);
        let err = session.apply(64).expect_err("out of range");
        assert!(err.message.contains("out of range"), "{}", err.message);
        let err = session.apply_text("Z9").expect_err("no square Z9");
        assert_eq!(err.kind, crate::error::Kind::Parse);
        assert!(session.history().is_empty());
    }
}
